// MARK: - dairy inspect: an import that writes nothing

extension ImportRun {
  /// How `path` would be imported with `options`: an import run into a ``RecordingTarget``, with
  /// cells that are not numbers collected instead of stopping it.
  static func inspect(_ path: String, options: ImportOptions) -> Inspection {
    var inspection = Inspection(file: path)
    var target = RecordingTarget()
    let run: ImportRun
    do {
      run = try perform([path], options: options, lenient: true, into: &target)
    } catch let error as DairyError {
      inspection.error = error
      return inspection
    } catch {
      inspection.error = DairyError(.input, at: SourceLocation(file: path), "\(error)")
      return inspection
    }
    inspection.warnings = run.fileWarnings
    inspection.isBackup = run.isBackup
    for table in run.explained {
      let facts = target.datasets.first { $0.name == table.dataset }?.facts ?? DatasetFacts()
      let series = table.explanation.series.compactMap { item -> Inspection.Series? in
        guard let index = run.book.index(of: item.key, in: table.dataset) else { return nil }
        let section = target.sections[Int(run.book.sections[index].id - 1)]
        return Inspection.Series(
          column: item.column, line: item.line, key: item.key, title: section.draft.title,
          group: section.draft.group, unit: section.facts?.unit ?? section.draft.unit,
          footnotes: item.footnotes, years: section.facts?.years,
          count: section.facts?.observations ?? 0,
          missing: section.markers.values.reduce(0, +), notes: section.facts?.notes)
      }
      inspection.datasets.append(
        Inspection.Dataset(
          sheet: table.sheet, name: table.dataset, layout: table.explanation.layout, facts: facts,
          unit: table.explanation.unit, blocks: table.explanation.blocks, series: series,
          footnotes: table.explanation.footnotes,
          warnings: table.explanation.warnings.map(\.description),
          invalidCells: table.invalidCells.map(\.description), invalidCount: table.invalidCount))
    }
    return inspection
  }
}
