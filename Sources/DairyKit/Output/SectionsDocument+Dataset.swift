extension SectionsDocument {
  /// A dataset in `dairy sections --format json`: what its file or metadata says of it.
  struct Dataset: Encodable {
    var name: String
    var title: String?
    var source: String?
    /// The source's last update, ISO 8601.
    var updated: String?
    var contact: String?
    /// The dataset's notes, one per line.
    var notes: String?
    /// What each missing marker means.
    var legend: [Legend]

    struct Legend: Encodable {
      var marker: String
      var meaning: String
    }

    init(_ info: DatasetInfo) {
      name = info.name
      title = info.title
      source = info.source
      updated = info.updated
      contact = info.contact
      notes = info.notes
      legend = info.legend.map { Legend(marker: $0.marker, meaning: $0.meaning) }
    }
  }
}
