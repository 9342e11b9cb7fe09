import Foundation

/// What a section says of itself: its key, title, unit, group, notes and source link, how often
/// its rows come (its ``Frequency``) and the place it is about.
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
/// // ["key", "title", "unit", "group", "notes", "link", "frequency", "place", "placeLevel",
/// //  "placeCode"]
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
  /// How often its rows come: what its observations' keys are (``Period``). Annual unless a
  /// source said otherwise; stored as no value for annual, as in a database from before.
  public var frequency: Frequency
  /// The place it is about, as a person writes it (`Alabama`, `United States`, `Atlantic`,
  /// `Autauga, Alabama`); nil when the source names none.
  public var place: String?
  /// What kind of place ``place`` is; nil when not known.
  public var placeLevel: PlaceLevel?
  /// The place's code where the source gives one: a State's ANSI (FIPS) code (`01`), a county's
  /// State and county codes (`01001`).
  public var placeCode: String?

  public init(
    key: String, title: String, unit: String? = nil, group: String? = nil, notes: String? = nil,
    link: String? = nil, frequency: Frequency = .annual, place: String? = nil,
    placeLevel: PlaceLevel? = nil, placeCode: String? = nil
  ) {
    self.key = key
    self.title = title
    self.unit = unit
    self.group = group
    self.notes = notes
    self.link = link
    self.frequency = frequency
    self.place = place
    self.placeLevel = placeLevel
    self.placeCode = placeCode
  }

  /// The title as a section's header shows it: with its place, when it has one (`Milk sales ·
  /// Alabama`), as sections of one title may be about many places.
  public var heading: String {
    guard let place, !place.isEmpty else { return title }
    return title + " · " + place
  }

  /// A human title from a source name: underscores read as spaces and runs of white space
  /// collapse to one space (the key keeps the source text).
  package static func title(fromKey key: String, underscoresAsSpaces: Bool) -> String {
    let text = underscoresAsSpaces ? key.replacingOccurrences(of: "_", with: " ") : key
    return collapsingWhitespace(text)
  }

  /// `text` with each run of white space turned into one space, and none at either end.
  package static func collapsingWhitespace(_ text: String) -> String {
    // Most texts have nothing to collapse (ASCII, single spaces between words): their bytes
    // say so without a Unicode property lookup per character, which a Quick Stats download's
    // thousands of series paid for each of their texts.
    var afterSpace = true
    var plain = true
    for byte in text.utf8 {
      if byte >= 0x80 || (0x09...0x0D).contains(byte) || (byte == 0x20 && afterSpace) {
        plain = false
        break
      }
      afterSpace = byte == 0x20
    }
    if plain && !afterSpace { return text }
    return text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
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
    case key, title, unit, group, notes, link, frequency, place, placeLevel, placeCode

    /// Whether every section has it: `NOT NULL` in storage, and a backup must give it.
    package var isRequired: Bool {
      switch self {
      case .key, .title: true
      case .unit, .group, .notes, .link, .frequency, .place, .placeLevel, .placeCode: false
      }
    }

    /// Whether a metadata sidecar's series may give it. The key is what the sidecar's series
    /// are keyed by.
    package var isDescribedBySidecar: Bool {
      switch self {
      case .key: false
      case .title, .unit, .group, .notes, .link, .frequency, .place, .placeLevel, .placeCode: true
      }
    }

    /// Whether documents and exports write it only for a section that has it: a frequency other
    /// than annual, a place. A table of annual series without places reads, and is written, as
    /// it was before sections had them.
    package var isWrittenWhenGiven: Bool {
      switch self {
      case .frequency, .place, .placeLevel, .placeCode: true
      case .key, .title, .unit, .group, .notes, .link: false
      }
    }

    /// Whether an import collapses each run of its white space to one space and counts an
    /// empty one as none, so that it reads back the same from a CSV export (whose readers may
    /// trim). A key, notes and a link are kept as written.
    package var collapsesWhitespace: Bool {
      switch self {
      case .title, .unit, .group, .place: true
      case .key, .notes, .link, .frequency, .placeLevel, .placeCode: false
      }
    }
  }

  /// The columns the CSV export writes after `unit`, for `dairy import` to read each section
  /// back whole: all but the title and the unit, which every row gives in its `section` and
  /// `unit` columns.
  package static let describingColumns = Column.allCases.filter { $0 != .title && $0 != .unit }

  /// The columns every document writes for each section, given or not (null when not).
  package static let alwaysWritten = Column.allCases.filter { !$0.isWrittenWhenGiven }

  /// The columns documents write only for a section that has them (``Column/isWrittenWhenGiven``).
  package static let writtenWhenGiven = Column.allCases.filter(\.isWrittenWhenGiven)

  /// The field `column` names; setting a required one to nil makes it empty. A frequency or place
  /// level is its raw value (none for annual); setting text that names none makes it annual, or
  /// no level.
  package subscript(column: Column) -> String? {
    get {
      switch column {
      case .key: key
      case .title: title
      case .unit: unit
      case .group: group
      case .notes: notes
      case .link: link
      case .frequency: frequency == .annual ? nil : frequency.rawValue
      case .place: place
      case .placeLevel: placeLevel?.rawValue
      case .placeCode: placeCode
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
      case .frequency: frequency = newValue.flatMap(Frequency.init(rawValue:)) ?? .annual
      case .place: place = newValue
      case .placeLevel: placeLevel = newValue.flatMap(PlaceLevel.init(rawValue:))
      case .placeCode: placeCode = newValue
      }
    }
  }
}
