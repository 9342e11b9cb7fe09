/// A dataset of a database, and how much it holds: what an import would replace
/// (`dairy inspect` on a backup names these).
///
/// ```swift
/// let size = DatasetSize(name: "usda", sections: 21, observations: 958)
/// ```
package struct DatasetSize: Sendable, Hashable, Encodable {
  package var name: String
  package var sections: Int
  package var observations: Int

  package init(name: String, sections: Int, observations: Int) {
    self.name = name
    self.sections = sections
    self.observations = observations
  }
}
