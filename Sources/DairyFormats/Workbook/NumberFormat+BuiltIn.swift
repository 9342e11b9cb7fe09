import DairyModel

extension NumberFormat {
  /// The format a `numFmtId` below 164 means when the workbook does not define it.
  ///
  /// ECMA-376 Part 1, 18.8.30 lists these ids; the codes are those Excel shows in en-US (for
  /// 37–40 they differ from the standard's in spacing only). 5–8 and 41–44 are currency and
  /// accounting formats whose symbol follows the reader's locale, and 27–36 and 50–58 are East
  /// Asian date formats (read as dates). An id in none
  /// of these is `General`, as Excel reads it.
  package static func builtIn(_ id: Int) -> NumberFormat {
    if let code = builtInCodes[id] { return NumberFormat(id: id, code: code) }
    if (27...36).contains(id) || (50...58).contains(id) {
      return NumberFormat(id: id, code: "yyyy-mm-dd", decimals: nil, isDate: true, isPercent: false)
    }
    return NumberFormat(id: id, code: "General", decimals: nil, isDate: false, isPercent: false)
  }

  private static let builtInCodes: [Int: String] = [
    0: "General", 1: "0", 2: "0.00", 3: "#,##0", 4: "#,##0.00",
    5: ##""$"#,##0_);("$"#,##0)"##, 6: ##""$"#,##0_);[Red]("$"#,##0)"##,
    7: ##""$"#,##0.00_);("$"#,##0.00)"##, 8: ##""$"#,##0.00_);[Red]("$"#,##0.00)"##,
    9: "0%", 10: "0.00%", 11: "0.00E+00", 12: "# ?/?", 13: "# ??/??",
    14: "mm-dd-yy", 15: "d-mmm-yy", 16: "d-mmm", 17: "mmm-yy", 18: "h:mm AM/PM",
    19: "h:mm:ss AM/PM", 20: "h:mm", 21: "h:mm:ss", 22: "m/d/yy h:mm",
    37: "#,##0_);(#,##0)", 38: "#,##0_);[Red](#,##0)", 39: "#,##0.00_);(#,##0.00)",
    40: "#,##0.00_);[Red](#,##0.00)",
    41: ##"_(* #,##0_);_(* \(#,##0\);_(* "-"_);_(@_)"##,
    42: ##"_("$"* #,##0_);_("$"* \(#,##0\);_("$"* "-"_);_(@_)"##,
    43: ##"_(* #,##0.00_);_(* \(#,##0.00\);_(* "-"??_);_(@_)"##,
    44: ##"_("$"* #,##0.00_);_("$"* \(#,##0.00\);_("$"* "-"??_);_(@_)"##,
    45: "mm:ss", 46: "[h]:mm:ss", 47: "mmss.0", 48: "##0.0E+0", 49: "@",
  ]
}
