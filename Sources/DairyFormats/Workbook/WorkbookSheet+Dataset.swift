import DairyModel

/// The names a workbook's sheets give their datasets.
extension WorkbookSheet {
  /// What a sheet adds to the file's stem (or `--dataset`) to name its dataset: nothing in a
  /// workbook of one worksheet, else a dot and the sheet's name in lower case with each run of
  /// characters other than letters and digits made one hyphen (`Milk per cow` →
  /// `.milk-per-cow`, `Farmers' prices` → `.farmers-prices`); a name with no letter or digit
  /// becomes `sheetN` (its place in the tab order), and a name taken by an earlier sheet gets
  /// `-2`, `-3`… So `dairy import milkcowsandprod.xlsx` imports `milkcowsandprod.milk-cows` and
  /// the sheets after it, and the same sheet always goes to the same dataset, picked or not.
  ///
  /// ```swift
  /// let sheets = [
  ///   WorkbookSheet(name: "Milk cows", index: 0, state: .visible, kind: .worksheet, part: "a"),
  ///   WorkbookSheet(name: "Milk-cows", index: 1, state: .visible, kind: .worksheet, part: "b"),
  /// ]
  /// WorkbookSheet.datasetSuffixes(sheets)  // [".milk-cows", ".milk-cows-2"]
  /// ```
  package static func datasetSuffixes(_ sheets: [WorkbookSheet]) -> [String?] {
    let worksheets = sheets.filter { $0.kind == .worksheet }
    guard worksheets.count > 1 else { return sheets.map { _ in nil } }
    var taken: Set<String> = []
    // The last counter tried for each name: every one below it is taken, so the next sheet of
    // that name starts there, and n sheets of one name cost n steps, not n².
    var counters: [String: Int] = [:]
    return sheets.map { sheet in
      var name = sheet.slug
      if name.isEmpty { name = "sheet\(sheet.index + 1)" }
      var unique = name
      var counter = counters[name] ?? 1
      if counter > 1 { unique = "\(name)-\(counter)" }
      while taken.contains(unique) {
        counter += 1
        unique = "\(name)-\(counter)"
      }
      counters[name] = counter
      taken.insert(unique)
      return "." + unique
    }
  }

  /// The name in lower case, each run of other characters than letters and digits one hyphen,
  /// none at either end.
  package var slug: String {
    var slug = ""
    var gap = false
    for character in name.lowercased() {
      if character.isLetter || character.isNumber {
        if gap && !slug.isEmpty { slug.append("-") }
        slug.append(character)
        gap = false
      } else {
        gap = true
      }
    }
    return slug
  }
}
