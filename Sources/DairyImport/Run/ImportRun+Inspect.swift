import DairyFormats
import DairyModel

// MARK: - dairy inspect: an import that writes nothing

extension ImportRun {
  /// How `path` would be imported with `options`, and the verdict of `dairy import`: an import
  /// run into a ``RecordingTarget``, exactly as `dairy import` runs it, whose first error (if
  /// any) is the inspection's error. A file it refuses is then read again with cells that are
  /// not numbers collected instead of stopping the run, so that the table shows how the rest
  /// reads and every such cell, while the error stays the one the import stops at.
  package static func inspect(_ path: String, options: ImportOptions) -> Inspection {
    var inspection = Inspection(file: path)
    var target = RecordingTarget()
    var run: ImportRun
    do {
      run = try perform([path], options: options, into: &target)
    } catch {
      inspection.error = Self.failure(error, path: path)
      target = RecordingTarget()
      guard let lenient = try? perform([path], options: options, lenient: true, into: &target)
      else { return inspection }
      run = lenient
    }
    inspection.warnings = run.fileWarnings
    inspection.isBackup = run.isBackup
    let facts = Dictionary(
      target.datasets.map { (ExactText($0.name), $0.facts) },
      uniquingKeysWith: { first, _ in first })
    for table in run.explained {
      let facts = facts[ExactText(table.dataset)] ?? DatasetFacts()
      let series = table.explanation.series.compactMap { item -> Inspection.Series? in
        guard let index = run.book.index(of: item.key, in: table.dataset) else { return nil }
        let section = target.sections[Int(run.book.sections[index].id - 1)]
        return Inspection.Series(
          column: item.column, line: item.line, key: item.key, title: section.draft.title,
          group: section.draft.group, unit: section.draft.unit, footnotes: item.footnotes,
          years: section.facts?.years, count: section.facts?.observations ?? 0,
          missing: section.markers.values.reduce(0, +), notes: section.facts?.fields.notes,
          place: section.draft.place, frequency: section.draft.frequency)
      }
      inspection.datasets.append(
        Inspection.Dataset(
          sheet: table.sheet, name: table.dataset, layout: table.explanation.layout, facts: facts,
          unit: table.explanation.unit, blocks: table.explanation.blocks, series: series,
          footnotes: table.explanation.footnotes, columns: table.explanation.columns,
          found: table.explanation.found,
          warnings: table.explanation.warnings.map(\.description),
          spans: table.explanation.spans, invalidCells: table.invalidCells.map(\.description),
          invalidCount: table.invalidCount))
    }
    return inspection
  }

  /// `error` as the ``DairyError`` an import of `path` reports.
  private static func failure(_ error: any Error, path: String) -> DairyError {
    (error as? DairyError) ?? DairyError(.input, at: SourceLocation(file: path), "\(error)")
  }

  /// The first error of an import of all `files` in one run, as `dairy import` runs it, or nil
  /// when it would import them.
  package static func verdict(of files: [String], options: ImportOptions) -> DairyError? {
    var target = RecordingTarget()
    do {
      _ = try perform(files, options: options, into: &target)
      return nil
    } catch {
      return failure(error, path: files[0])
    }
  }
}
