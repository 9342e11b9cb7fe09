import DairyFormats
import DairyModel

// MARK: - What a years-across table says around its rows: pivot captions, spans of years, headings

extension ReportSurvey {
  /// Whether a title line is the caption an Excel pivot table writes over its values (`Sum of
  /// Value`, `Average of Price`): the name of a summary, not of the table.
  ///
  /// ```swift
  /// ReportSurvey.isPivotCaption("Sum of Value")  // true
  /// ReportSurvey.isPivotCaption("Sum of the parts")  // false: not one capitalised field name
  /// ```
  package static func isPivotCaption(_ line: String) -> Bool {
    let words = line.split(separator: " ")
    guard words.count >= 3, words[1] == "of" else { return false }
    let summaries: Set<Substring> = [
      "Sum", "Count", "Average", "Max", "Min", "Product", "StdDev", "StdDevp", "Var", "Varp",
    ]
    return summaries.contains(words[0]) && words[2].first?.isUppercase == true
  }

  /// The labels Excel writes on a pivot table's own cells (its field buttons and its totals),
  /// which name no series and no span of years.
  package static let pivotLabels: Set<String> = [
    "row labels", "column labels", "values", "grand total",
  ]

  /// Whether `text` is a pivot table's own label (``pivotLabels``) or value caption.
  package static func isPivotLabel(_ text: String) -> Bool {
    pivotLabels.contains(SectionFields.collapsingWhitespace(text).lowercased())
      || isPivotCaption(text)
  }

  /// The notes the header rows above a row of years across give: a caption over a run of years
  /// (merged over them, or followed by empty cells up to the next caption) says something of
  /// those years for every series (`Base survey of 2016` over 2019–2016: the survey each year's
  /// estimate rests on), so it is a dataset note with its years, in year order: `Base survey
  /// of 2016: 2016–2019`.
  package func yearSpanNotes(_ rows: [TableRow], _ years: [ReportPlan.YearColumn]) -> [String] {
    guard let first = years.map(\.column).min(), let last = years.map(\.column).max() else {
      return []
    }
    var notes: [(Int64, String)] = []
    for row in rows {
      let captions = row.filledColumns.filter {
        $0 >= first && $0 <= last && !Self.isPivotLabel(row.trimmedText(at: $0))
      }
      for (position, column) in captions.enumerated() {
        var end = position + 1 < captions.count ? captions[position + 1] - 1 : last
        if let merge = row.merge(at: column), merge.anchor.column == column {
          end = column + merge.columns - 1
        }
        let spanned = years.filter { $0.column >= column && $0.column <= end }.map(\.year).sorted()
        guard let low = spanned.first, let high = spanned.last else { continue }
        let caption = SectionFields.collapsingWhitespace(row.trimmedText(at: column))
        notes.append((low, "\(caption): \(low == high ? "\(low)" : "\(low)–\(high)")"))
      }
    }
    return notes.sorted { $0.0 < $1.0 }.map(\.1)
  }

  /// Whether a row name closes every group above it: a pivot's `Grand Total`, the total of all.
  package static func closesGroups(_ name: NameRow) -> Bool {
    SectionFields.collapsingWhitespace(name.raw).lowercased() == "grand total"
  }

  /// Whether a row name is an order code, as pivot tables write between their rows (`1`, `350`,
  /// `1230` in a row of its own, with no values): a number that sorts the rows, not a name.
  package static func isOrderCode(_ name: NameRow) -> Bool {
    !name.hasValues && !name.raw.isEmpty && name.raw.allSatisfy { $0.isASCII && $0.isNumber }
  }
}
