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
    var legend: [InspectDocument.Legend]

    init(_ info: DatasetInfo) {
      (name, title, source) = (info.name, info.title, info.source)
      (updated, contact, notes) = (info.updated, info.contact, info.notes)
      legend = info.legend.map { InspectDocument.Legend(marker: $0.marker, meaning: $0.meaning) }
    }
  }
}
