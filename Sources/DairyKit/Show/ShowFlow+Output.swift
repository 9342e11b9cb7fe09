import DairyFormats
import DairyImport
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal

// MARK: - The pager

extension ShowFlow {
  /// Where `show`'s text goes: straight to standard output, or, on a terminal, through the pager
  /// when it is longer than the screen (as git pages: a short page is written as it is).
  package struct Screen {
    package var line: ShowCommandLine
    package var terminal: Terminal
    package var viewport: Viewport
    package var pager: Pager.Run

    package init(
      line: ShowCommandLine, terminal: Terminal, viewport: Viewport, pager: @escaping Pager.Run
    ) {
      self.line = line
      self.terminal = terminal
      self.viewport = viewport
      self.pager = pager
    }

    /// The pager to show `text` through: the terminal's (``Terminal/pager``), when standard
    /// output is a terminal, `--no-pager` is not given, and `text` takes more lines than the
    /// screen has less one for the prompt; else nil.
    ///
    /// ```swift
    /// let terminal = Terminal(isTerminal: true, width: 80, height: 24, pager: "less -R")
    /// let screen = ShowFlow.Screen(
    ///   line: ShowCommandLine(), terminal: terminal, viewport: Viewport(width: 80),
    ///   pager: Pager.run)
    /// screen.pagerCommand(for: String(repeating: "row\n", count: 30))  // "less -R"
    /// screen.pagerCommand(for: "one row\n")                            // nil
    /// ```
    package func pagerCommand(for text: String) -> String? {
      guard line.pager, terminal.isTerminal, let command = terminal.pager,
        let height = terminal.height
      else { return nil }
      var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      if lines.last?.isEmpty == true { lines.removeLast() }
      // A table's lines fit the width (and hold colour codes, which take no room); a CSV or
      // JSON line may be longer and wrap.
      let count =
        line.format == .table || lines.count > height
        ? lines.count : Terminal.lines(lines.map(String.init), width: terminal.width)
      return count > height - 1 ? command : nil
    }

    /// Writes `text` through the pager (``pagerCommand(for:)``), or to `output`; a pager that
    /// cannot be started leaves a warning on `errors` and the text on `output`.
    package func show(
      _ text: String, output: inout some TextOutputStream, errors: inout some TextOutputStream
    ) {
      guard let command = pagerCommand(for: text) else { return output.write(text) }
      if case .failed(let reason) = pager(command, text) {
        errors.writeMessage(
          "dairy: warning: cannot start the pager (\(reason)); writing directly "
            + "(set PAGER, or PAGER=cat or --no-pager for none)")
        output.write(text)
      }
    }
  }
}

// MARK: - Every row

extension ShowFlow {
  /// CSV or JSON of every row in range, to a file or a pipe: the pages one after another from
  /// one snapshot (``PageStream``), written as they are read; no note on standard error, as
  /// nothing is left for a next page (but the empty state, when nothing matches).
  static func everyRow(
    _ line: ShowCommandLine, viewport: Viewport, output: inout some TextOutputStream,
    errors: inout some TextOutputStream, open: (() throws -> ReadingDatabase)?
  ) -> Int32 {
    do {
      let reading = try open?() ?? ReadingDatabase.open(path: line.database)
      reading.writeNotice(to: &errors)
      let first = try reading.database.read { snapshot in
        let stream = try PageStream(line.pageRequest) { request in
          var page = try snapshot.page(request, display: false)
          if let decimals = line.decimals { page = page.showing(decimals: decimals) }
          page.showsChange(line.change)
          return page
        }
        switch line.format {
        case .csv:
          let matching = try snapshot.sections(matching: line.filter)
          try stream.writeCSV(
            matching: matching, change: line.change,
            marked: try snapshot.hasMarkedCells(matching, filter: line.filter), to: &output)
        case .json, .table:
          try stream.writeJSON(to: &output)
        }
        return stream.first
      }
      let empty = ShowRenderer.emptyMessage(page: first, commandLine: line).description
      if first.total == 0 && !empty.isEmpty { errors.writeMessage("dairy: \(empty)") }
      return 0
    } catch let error as DairyError where error.kind == .busy {
      // Locked before anything was read: the page's `retry`, with the command to run again.
      var footer = LoadMoreFooter()
      footer.handle(.fetchStarted)
      footer.handle(.fetchFailed(error))
      let rendered = ShowRenderer.render(
        page: nil, state: footer.state, commandLine: line, format: line.format,
        viewport: viewport)
      output.write(rendered.text)
      if let note = rendered.note { errors.writeMessage("dairy: \(note)") }
      return error.exitCode
    } catch let error as DairyError where error.kind == .stale {
      var again = line
      again.start = .first
      return DairyError.report(
        DairyError(error.kind, error.message + "; start again: " + again.description), to: &errors)
    } catch {
      return DairyError.report(error, to: &errors)
    }
  }
}

// MARK: - Wide

extension ShowFlow {
  /// `--wide`: the matching sections side by side, a table per frequency. The table form is
  /// laid out whole; CSV and JSON to a file or a pipe are written a row at a time. CSV holds one
  /// table: sections of several frequencies are refused, with what to do.
  static func wide(
    _ line: ShowCommandLine, on screen: Screen, output: inout some TextOutputStream,
    errors: inout some TextOutputStream, open: (() throws -> ReadingDatabase)?
  ) -> Int32 {
    do {
      let reading = try open?() ?? ReadingDatabase.open(path: line.database)
      reading.writeNotice(to: &errors)
      let filter = line.filter
      try reading.database.read { snapshot in
        var tables = try snapshot.wideTables(matching: filter)
        guard !tables.isEmpty else {
          output.write(
            EmptyState(search: line.search, place: line.place).message(for: .sections) + "\n")
          return
        }
        if let decimals = line.decimals {
          for table in tables.indices {
            for column in tables[table].columns.indices {
              tables[table].columns[column].decimals = decimals
            }
          }
        }
        if line.format == .csv && tables.count > 1 {
          throw DairyError(.usage, Self.severalFrequencies(tables, line: line))
        }
        func write(to stream: inout some TextOutputStream) throws {
          switch line.format {
          case .csv:
            let table = tables[0]
            stream.write(WideTableRenderer.csvHeader(table))
            try snapshot.forEachRow(of: table, in: filter) {
              stream.write(WideTableRenderer.csvLine($0, of: table))
            }
          case .json, .table:
            let document = WideTableDocument(
              tables: StreamedArray { write in
                for table in tables {
                  try write(
                    WideTableDocument.Table(table) { row in
                      try snapshot.forEachRow(of: table, in: filter, row)
                    })
                }
              })
            try JSONOutput.write(document, to: &stream)
          }
        }
        if line.format == .table {
          for index in tables.indices {
            try snapshot.forEachRow(of: tables[index], in: filter) { tables[index].rows.append($0) }
          }
          let legend = try Self.legend(of: tables, in: snapshot)
          let lines = WideTableRenderer.render(tables, legend: legend, in: screen.viewport)
          screen.show(lines.map { $0 + "\n" }.joined(), output: &output, errors: &errors)
        } else if screen.terminal.isTerminal {
          var text = ""
          try write(to: &text)
          let shown = screen.terminal.shown(text, as: line.format == .json ? .json : .text)
          screen.show(shown, output: &output, errors: &errors)
        } else {
          try write(to: &output)
        }
      }
      return 0
    } catch {
      return DairyError.report(error, to: &errors)
    }
  }

  /// What `--wide --format csv` says of sections of several frequencies: how many of each and
  /// of which datasets, and, when one frequency's sections are one dataset's (and that dataset's
  /// are all of it), the command that writes that table.
  static func severalFrequencies(_ tables: [WideTable], line: ShowCommandLine) -> String {
    var commands: [String] = []
    var frequencies: [String: Set<Frequency>] = [:]
    for table in tables {
      for column in table.columns {
        frequencies[column.dataset, default: []].insert(table.frequency)
      }
    }
    let counts = tables.map { table in
      var datasets: [String] = []
      for column in table.columns where !datasets.contains(column.dataset) {
        datasets.append(column.dataset)
      }
      if line.dataset == nil, datasets.count == 1, frequencies[datasets[0]] == [table.frequency] {
        var again = line
        again.dataset = datasets[0]
        commands.append(again.description)
      }
      return "\(table.columns.count) \(table.frequency.rawValue) of "
        + datasets.map(TextEscaping.visible).joined(separator: ", ")
    }
    return "--wide --format csv writes one table, and these sections are of "
      + "\(tables.count) frequencies (\(counts.joined(separator: "; ")))"
      + (commands.isEmpty
        ? "; narrow the search or add --dataset NAME"
        : "; one of them: " + commands.joined(separator: " or "))
      + ", or use --format json or the table, which give a table per frequency"
  }

  /// What each marker in the tables' datasets means, the first dataset's meaning first.
  private static func legend(
    of tables: [WideTable], in snapshot: DairyDatabase.Snapshot
  ) throws -> [String: String] {
    let names = Set(tables.flatMap { $0.columns.map(\.dataset) })
    var legend: [String: String] = [:]
    for dataset in try snapshot.datasets() where names.contains(dataset.name) {
      for entry in dataset.legend where legend[entry.marker] == nil {
        legend[entry.marker] = entry.meaning
      }
    }
    return legend
  }
}
