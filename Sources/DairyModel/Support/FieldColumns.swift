/// A value whose text fields are declared once, by column: a section's (``SectionFields``) and a
/// dataset's (``DatasetFacts``), as GRDB's records declare their columns. Storage builds its SQL
/// from the columns, and the documents encode them, under their names, from here.
///
/// ```swift
/// var fields = SectionFields(key: "Milk", title: "Milk")
/// fields[.unit] = "lb"
/// SectionFields.Column.allCases.map { fields[$0] }  // ["Milk", "Milk", "lb", nil, nil]
/// ```
package protocol FieldColumns {
  /// The fields, by the name every layer gives them, in the order they are written in.
  associatedtype Column: RawRepresentable, CaseIterable, Hashable, Sendable
  where Column.RawValue == String, Column.AllCases == [Column]

  /// The field `column` names.
  subscript(column: Column) -> String? { get set }
}

// MARK: - Encoding

/// A key of an encoded document, named by the document (`"rows"`) or by a model's column (a
/// ``SectionFields/Column``'s name): a document writes its own keys and a section's or a
/// dataset's fields in one object, in the order it wants them.
///
/// ```swift
/// var container = encoder.container(keyedBy: DocumentKey.self)
/// try container.encode(dataset, forKey: "dataset")
/// try container.encode(fields, [.title, .unit])
/// ```
package struct DocumentKey: CodingKey, ExpressibleByStringLiteral {
  package let stringValue: String
  package var intValue: Int? { nil }

  package init(stringValue: String) {
    self.stringValue = stringValue
  }

  package init?(intValue: Int) {
    nil
  }

  package init(stringLiteral name: String) {
    stringValue = name
  }
}

extension KeyedEncodingContainer where Key == DocumentKey {
  /// Encodes `columns` of `fields`, each under its column's name (`null` for none).
  package mutating func encode<Fields: FieldColumns>(
    _ fields: Fields, _ columns: [Fields.Column] = Fields.Column.allCases
  ) throws {
    for column in columns {
      try encode(fields[column], forKey: DocumentKey(stringValue: column.rawValue))
    }
  }

  /// Encodes the fields `fields` gives (none for nil) of `columns` (else all), each under its
  /// column's name: how a metadata sidecar is written.
  package mutating func encodeIfPresent<Fields: FieldColumns>(
    _ fields: Fields, _ columns: [Fields.Column] = Fields.Column.allCases
  ) throws {
    for column in columns {
      if let text = fields[column] {
        try encode(text, forKey: DocumentKey(stringValue: column.rawValue))
      }
    }
  }
}
