import DairyModel

/// A key of a JSON document, named by the document (`"rows"`) or by the model's columns (a
/// ``SectionFields/Column``'s name): a document writes its own keys and a section's fields in
/// one object, in the order it wants them.
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
