import DairyFormats
import DairyModel
import Foundation

// MARK: - Headings and sentences after a source

extension NotesBlock {
  /// The headings a notes block may start with, alone on their line (`Notes`, `Footnotes:`):
  /// they name the block, and say nothing.
  package static let headings: Set<String> = ["note", "notes", "footnote", "footnotes"]

  /// Whether `line` is a heading of the block (``headings``), any case, a colon after it or not.
  package static func isHeading(_ line: String) -> Bool {
    var text = line.trimmingCharacters(in: .whitespaces).lowercased()
    if text.hasSuffix(":") { text.removeLast() }
    return headings.contains(text.trimmingCharacters(in: .whitespaces))
  }

  /// Whether `line`, under a source, note or contact that `previous` ends, starts a note of its
  /// own rather than going on with it: `previous` ends a sentence, and the line is a sentence
  /// that starts with a capital (a source is a citation; what follows it in sentences of their
  /// own is what the table says, as in ERS's Costs-and-Returns notes: each in a cell of its
  /// own). A line cut from a sentence (`Source: USDA, NASS,` / `and ERS calculations.`) goes on
  /// with it.
  package static func startsASentence(_ line: String, after previous: String) -> Bool {
    previous.hasSuffix(".") && line.first?.isUppercase == true && line.hasSuffix(".")
  }
}
