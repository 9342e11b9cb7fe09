import DairyFormats
import DairyModel
import Foundation

/// The notes block under a report's data, line by line: numbered footnotes (`1/ text`,
/// `1 text`), dataset notes (`Note:`, `Notes:`, legends such as `NA = not available`), the
/// source (`Source:`, `Sources:`), the last update (`Last update: 8/29/2024`, `Last updated:
/// September 5, 2024`) and the contact (`For further information, contact …`).
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
    if let (number, text) = Self.markedFootnote(line) {
      if footnotes[number] == nil {
        footnoteOrder.append(number)
        footnotes[number] = text
      } else {
        footnotes[number]! += " " + text
      }
      last = .footnote(number)
    } else if let text = Self.after(["notes", "note"], in: line) {
      notes.append(text)
      last = .note(notes.count - 1)
    } else if let text = Self.after(["sources", "source"], in: line) {
      sources.append(text)
      last = .source(sources.count - 1)
    } else if let date = Self.after(
      ["last updated", "last update", "updated"], in: line, colonRequired: false)
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
      notes.append(line)
      last = .note(notes.count - 1)
      return
    }
    switch last {
    case .footnote(let number): footnotes[number]! += " " + line
    case .note(let index): notes[index] += " " + line
    case .source(let index): sources[index] += " " + line
    case .contact: contact! += " " + line
    case nil:
      notes.append(line)
      warnings.append(
        LayoutWarning(location, "a notes line dairy does not understand; kept as a dataset note"))
    }
  }

  /// `1/ text`, `1 text`, `1. text`: the number and the text.
  package static func footnote(_ line: String) -> (Int, String)? {
    let digits = line.prefix { $0.isASCII && $0.isNumber }
    guard (1...2).contains(digits.count), let number = Int(digits) else { return nil }
    var rest = line.dropFirst(digits.count)
    if rest.first == "/" {
      rest = rest.dropFirst()
    } else if rest.first == "." || rest.first == ")" {
      rest = rest.dropFirst()
      guard rest.first == " " else { return nil }
    } else {
      guard rest.first == " " else { return nil }
    }
    let text = rest.trimmingCharacters(in: .whitespaces)
    return text.isEmpty ? nil : (number, text)
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
