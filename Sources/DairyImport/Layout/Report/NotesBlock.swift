import DairyFormats
import DairyModel
import Foundation

/// The notes block under a report's data, line by line: numbered footnotes (`1/ text`,
/// `1 text`, `1Text`, several in one paragraph), dataset notes (`Note:`, `Notes:`, legends such
/// as `NA = not available`), the source (`Source:`, `Sources:`), the last update (`Last update:
/// 8/29/2024`, `Last updated: September 5, 2024`, or a last sentence `Data last updated November
/// 1, 2020.` of a source or a note) and the contact (`For further information, contact …`).
///
/// A line that is none of these continues the footnote, note, source or contact just above it;
/// with nothing above it, it is kept as a dataset note, with a warning.
///
/// ```swift
/// var notes = NotesBlock()
/// notes.add("1/ Includes eggnog.", at: here)
/// notes.add("NA = not available", at: here)
/// notes.add("Last update: May 6, 2024", at: here)
/// notes.footnotes[1]  // "Includes eggnog."
/// notes.legend  // [NA: not available]
/// notes.updated  // "2024-05-06"
/// ```
///
/// A line costs time linear in its length: the legend's pattern is compiled once, and what is
/// added to is added to in place.
package struct NotesBlock: Sendable {
  /// The most legend entries a notes block defines: real legends define a dozen, and each
  /// marker is one more text every cell of the table is compared with.
  package static let maxLegendEntries = 100

  /// The footnotes by mark, and the order they came in.
  package var footnotes: [FootnoteMark: String] = [:]
  package var footnoteOrder: [FootnoteMark] = []
  /// The dataset's notes: `Note:` lines, legends, lines not understood.
  package var notes: [String] = []
  package var sources: [String] = []
  package var updated: String?
  package var contact: String?
  package var legend: [DatasetFacts.LegendEntry] = []
  /// The markers of `legend`, to keep the first meaning of each.
  private var legendMarkers: Set<String> = []
  package var warnings: [LayoutWarning] = []
  /// The entry a line that is none of the above continues.
  private var last: Entry?

  private enum Entry {
    case footnote(FootnoteMark)
    case note(Int)
    case source(Int)
    case contact
  }

  /// Reads one line of the block: the texts of a row's cells, joined.
  package mutating func add(_ raw: String, at location: SourceLocation) {
    let line = SectionFields.collapsingWhitespace(raw)
    guard !line.isEmpty, !Self.isHeading(line) else { return }
    if let pieces = Self.markedFootnotes(line) {
      for (mark, text) in pieces {
        if footnotes[mark] == nil {
          footnoteOrder.append(mark)
          footnotes[mark] = text
        } else {
          footnotes[mark]! += " " + text
        }
      }
      last = .footnote(pieces[pieces.count - 1].mark)
    } else if let text = Self.after(["notes", "note"], in: line) {
      let kept = takingUpdate(from: text)
      if !kept.isEmpty { notes.append(kept) }
      last = kept.isEmpty ? nil : .note(notes.count - 1)
    } else if let text = Self.after(["sources", "source"], in: line) {
      let kept = takingUpdate(from: text)
      if !kept.isEmpty { sources.append(kept) }
      last = kept.isEmpty ? nil : .source(sources.count - 1)
    } else if let date = Self.after(
      ["data last updated", "data updated", "last updated", "last update", "updated"], in: line,
      colonRequired: false)
    {
      addUpdate(date, line: line, at: location)
    } else if let text = Self.contact(line) {
      contact = text
      last = .contact
    } else if let entries = Self.legend(line) {
      legend += entries.filter { !legendMarkers.contains($0.marker) }
      legendMarkers.formUnion(entries.map(\.marker))
      notes.append(line)
      last = nil
    } else {
      continueEntry(line, at: location)
    }
  }

  private mutating func addUpdate(_ date: String, line: String, at location: SourceLocation) {
    last = nil
    if let iso = ReportDate.iso(date) {
      updated = updated ?? iso
      return
    }
    notes.append(line)
    warnings.append(
      LayoutWarning(
        location,
        "the date \"\(TextEscaping.visible(date))\" is not one dairy reads; kept as a note"))
  }

  /// `text` without a last sentence that gives the update date (`Source: USDA, ERS. Data last
  /// updated November 1, 2020.`), whose date becomes ``updated``; `text` as it is when its last
  /// sentence is not one, or its date is not one dairy reads.
  private mutating func takingUpdate(from text: String) -> String {
    guard let (rest, date) = Self.updateSentence(in: text) else { return text }
    updated = updated ?? date
    return rest
  }

  /// The text before a last sentence `[Data] last updated DATE.` (or `Updated DATE.`) and the
  /// date, as ISO 8601.
  ///
  /// ```swift
  /// NotesBlock.updateSentence(in: "USDA, ERS. Data last updated November 1, 2020.")
  /// // ("USDA, ERS.", "2020-11-01")
  /// ```
  package static func updateSentence(in text: String) -> (String, String)? {
    var start = text.startIndex
    // The last sentence starts after the last `. ` (or `; `) followed by "updated"; each is
    // looked at through a few characters, so a line costs time linear in its length.
    var index = text.startIndex
    while let end = text[index...].firstIndex(where: { $0 == "." || $0 == ";" }) {
      let next = text.index(after: end)
      guard next < text.endIndex else { break }
      let words = String(text[next...].drop { $0 == " " }.prefix(24))
      if text[next] == " ", after(updateLabels, in: words, colonRequired: false) != nil {
        start = next
      }
      index = next
    }
    let sentence = text[start...].trimmingCharacters(in: .whitespaces)
    guard let date = after(updateLabels, in: sentence, colonRequired: false),
      let iso = ReportDate.iso(date.hasPrefix("on ") ? String(date.dropFirst(3)) : date)
    else { return nil }
    return (text[..<start].trimmingCharacters(in: .whitespaces), iso)
  }

  /// How a sentence that gives the update starts.
  private static let updateLabels = [
    "data last updated", "data updated", "last updated", "updated",
  ]

  private mutating func continueEntry(_ line: String, at location: SourceLocation) {
    // A sentence of its own under a source, note or contact is a note (``startsASentence``).
    let previous: String? =
      switch last {
      case .source(let index): sources[index]
      case .note(let index): notes[index]
      case .contact: contact
      case .footnote, nil: nil
      }
    if let previous, Self.startsASentence(line, after: previous) {
      let kept = takingUpdate(from: line)
      if !kept.isEmpty { notes.append(kept) }
      last = kept.isEmpty ? nil : .note(notes.count - 1)
      return
    }
    switch last {
    case .footnote(let number): footnotes[number]! += " " + line
    // A source or note continued over lines may end in the update, as one on a line does.
    case .note(let index): notes[index] += " " + takingUpdate(from: line)
    case .source(let index): sources[index] += " " + takingUpdate(from: line)
    case .contact: contact! += " " + line
    case nil:
      notes.append(line)
      warnings.append(
        LayoutWarning(location, "a notes line dairy does not understand; kept as a dataset note"))
    }
  }

  /// The text after `label:` (any case) at the start of `line`, for the first label that fits;
  /// with `colonRequired` false, a space after the label will do (`Last update 5/6/24`).
  package static func after(_ labels: [String], in line: String, colonRequired: Bool = true)
    -> String?
  {
    let lowered = line.lowercased()
    for label in labels where lowered.hasPrefix(label) {
      let rest = line.dropFirst(label.count)
      let spaced = rest.drop { $0 == " " }
      if spaced.first == ":" { return spaced.dropFirst().trimmingCharacters(in: .whitespaces) }
      if !colonRequired && rest.first == " " { return spaced.trimmingCharacters(in: .whitespaces) }
    }
    return nil
  }

  /// The contact of `For further information, contact …` or `Contact: …`.
  package static func contact(_ line: String) -> String? {
    let lowered = line.lowercased()
    let starts = ["for further information", "for more information", "contact:"]
    guard starts.contains(where: { lowered.hasPrefix($0) }),
      let range = lowered.range(of: "contact")
    else { return nil }
    var text = line[range.upperBound...].drop { $0 == ":" || $0 == " " || $0 == "," }
    if text.hasSuffix(".") { text = text.dropLast() }
    return text.isEmpty ? nil : String(text)
  }
}

/// A warning about a place in a file, as the import summary and `dairy inspect` print it.
package struct LayoutWarning: Hashable, Sendable, CustomStringConvertible {
  package var location: SourceLocation?
  package var message: String

  package init(_ location: SourceLocation?, _ message: String) {
    self.location = location
    self.message = message
  }

  package var description: String {
    location.map { "\($0): \(message)" } ?? message
  }
}
