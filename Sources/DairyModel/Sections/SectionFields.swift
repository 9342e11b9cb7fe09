import Foundation

/// What a section says of itself: its key, title, unit, group, notes and source link.
///
/// This is the one declaration of a section's fields. An import gives them (from a file's header,
/// its metadata sidecar, an export's columns or a backup); storage keeps each as the column of
/// table `section` named by its ``Column``; the JSON documents, the CSV export and the backup
/// reader write and read each under that same name. A new field is a property and a case of
/// ``Column`` here, and where its value comes from.
///
/// ```swift
/// var fields = SectionFields(key: "Frozen_Yougurt", title: "Frozen yogurt")
/// fields[.unit] = "lb per person"
/// SectionFields.Column.allCases.map(\.rawValue)
/// // ["key", "title", "unit", "group", "notes", "link"]
/// ```
public struct SectionFields: FieldColumns, Sendable, Hashable {
  /// The name in the source (a header, or the section columns' values), exactly as written.
  public var key: String
  public var title: String
  public var unit: String?
  public var group: String?
  public var notes: String?
  /// Where it came from: its metadata's `link`, else its dataset's link (a workbook's also
  /// says where the section is named: `book.xlsx#Sheet1!B4`); nil when nothing said, as in a
  /// database or backup from before dairy kept links.
  public var link: String?

  public init(
    key: String, title: String, unit: String? = nil, group: String? = nil, notes: String? = nil,
    link: String? = nil
  ) {
    self.key = key
    self.title = title
    self.unit = unit
    self.group = group
    self.notes = notes
    self.link = link
  }

  /// A human title from a source name: underscores read as spaces and runs of white space
  /// collapse to one space (the key keeps the source text).
  package static func title(fromKey key: String, underscoresAsSpaces: Bool) -> String {
    let text = underscoresAsSpaces ? key.replacingOccurrences(of: "_", with: " ") : key
    return collapsingWhitespace(text)
  }

  /// `text` with each run of white space turned into one space, and none at either end.
  package static func collapsingWhitespace(_ text: String) -> String {
    text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }
}

// MARK: - The columns

extension SectionFields {
  /// A field, by the name every layer gives it: its column in table `section`, its key in the
  /// JSON documents, in a backup and in a metadata sidecar's series, its column in the CSV
  /// export. The order is the order they are written in.
  ///
  /// Each question below is a `switch`, so that a new field is decided on here, once.
  package enum Column: String, CaseIterable, Sendable {
    case key, title, unit, group, notes, link

    /// Whether every section has it: `NOT NULL` in storage, and a backup must give it.
    package var isRequired: Bool {
      switch self {
      case .key, .title: true
      case .unit, .group, .notes, .link: false
      }
    }

    /// Whether a metadata sidecar's series may give it. The key is what the sidecar's series
    /// are keyed by.
    package var isDescribedBySidecar: Bool {
      switch self {
      case .key: false
      case .title, .unit, .group, .notes, .link: true
      }
    }

    /// Whether an import collapses each run of its white space to one space and counts an
    /// empty one as none, so that it reads back the same from a CSV export (whose readers may
    /// trim). A key, notes and a link are kept as written.
    package var collapsesWhitespace: Bool {
      switch self {
      case .title, .unit, .group: true
      case .key, .notes, .link: false
      }
    }
  }

  /// The columns the CSV export writes after `unit`, for `dairy import` to read each section
  /// back whole: all but the title and the unit, which every row gives in its `section` and
  /// `unit` columns.
  package static let describingColumns = Column.allCases.filter { $0 != .title && $0 != .unit }

  /// The field `column` names; setting a required one to nil makes it empty.
  package subscript(column: Column) -> String? {
    get {
      switch column {
      case .key: key
      case .title: title
      case .unit: unit
      case .group: group
      case .notes: notes
      case .link: link
      }
    }
    set {
      switch column {
      case .key: key = newValue ?? ""
      case .title: title = newValue ?? ""
      case .unit: unit = newValue
      case .group: group = newValue
      case .notes: notes = newValue
      case .link: link = newValue
      }
    }
  }
}
