import DairyTestSupport
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// Number formats: the decimals a format shows, and whether it is a date or a percent.
@Suite("Number formats")
struct NumberFormatTests {
  @Test(
    arguments: [
      ("General", nil), ("0", 0), ("0.0", 1), ("0.00", 2), ("#,##0", 0), ("#,##0.0", 1),
      ("#,##0.00_);(#,##0.00)", 2), ("0.0_)", 1), ("#,##0_);(#,##0)", 0), (#"0_);\(0\)"#, 0),
      (#"_(* #,##0.0_);_(* \(#,##0.0\);_(* "-"??_);_(@_)"#, 1),
      (#"_("$"* #,##0.00_);_("$"* \(#,##0.00\);_("$"* "-"??_);_(@_)"#, 2),
      ("#,##0.000;[Red]-#,##0.000", 3), ("[Blue]0.0;[Red]-0.0", 1), ("[>=100]0;0.00", 0),
      (#"0.0 "lb""#, 1), (#"0.0\ "kg.""#, 1), (#""Total: "0.00"#, 2), ("0.0*-", 1),
      ("[$€-407] #,##0.00", 2), ("#,##0,", 0), ("0.00,,\"M\"", 2), ("@", nil), ("\"-\"", nil),
      ("0.00E+00", nil), ("##0.0E+0", nil), ("# ?/?", nil), ("# ??/??", nil), ("general", nil),
      (";;;", nil), ("0;-0;;@", 0), ("#.##", 2), (".0", 1),
    ] as [(String, Int?)])
  func showsDecimals(_ code: String, _ decimals: Int?) {
    let format = NumberFormat(id: 164, code: code)
    #expect(format.decimals == decimals, "\(code)")
    #expect(!format.isDate, "\(code)")
  }

  @Test(arguments: [
    "mm-dd-yy", "d-mmm-yy", "yyyy-mm-dd", "m/d/yy h:mm", "h:mm AM/PM", "[h]:mm:ss", "mm:ss",
    "mmss.0", "[$-409]mmm\\-yy;@", "mm/dd/yy_)", "[$-F800]dddd\\,\\ mmmm\\ dd\\,\\ yyyy",
    "dd/mm/yyyy;@", "[ss]", "yyyy\"年\"m\"月\"d\"日\"", "A/P h", "e/m/d", "ggge\"年\"",
  ])
  func isADate(_ code: String) {
    let format = NumberFormat(id: 164, code: code)
    #expect(format.isDate, "\(code)")
    #expect(format.decimals == nil, "\(code)")
  }

  @Test(arguments: [
    #"0.0 "days""#, #"0 "Sm""#, "[Red]0.00", "\\d0", "0_m", "0*s", "[>100]0", "#,##0 ;(#,##0)",
  ])
  func isNotADate(_ code: String) {
    #expect(!NumberFormat(id: 164, code: code).isDate, "\(code)")
  }

  @Test(arguments: [
    ("yyyy", true), ("yy", true), ("[$-409]yyyy", true), ("yyyy\"年\"", true), ("e", true),
    ("yyyy-mm-dd", false), ("mmm yyyy", false), ("m/d/yyyy", false), ("yyyy h:mm", false),
    ("0", false), ("General", false), ("0000", false),
  ])
  func showsOnlyAYear(_ code: String, _ expected: Bool) {
    #expect(NumberFormat(id: 164, code: code).showsOnlyAYear == expected, "\(code)")
  }

  @Test func percents() {
    #expect(NumberFormat(id: 9, code: "0%").isPercent)
    #expect(NumberFormat(id: 9, code: "0%").decimals == 0)
    #expect(NumberFormat(id: 10, code: "0.00%").decimals == 2)
    #expect(NumberFormat(id: 164, code: "0.0%;-0.0%").decimals == 1)
    #expect(!NumberFormat(id: 164, code: #"0.0 "%""#).isPercent)
    #expect(!NumberFormat(id: 164, code: "0.0").isPercent)
  }

  @Test func builtInFormats() {
    #expect(NumberFormat.builtIn(0) == .general)
    #expect(NumberFormat.builtIn(3).code == "#,##0" && NumberFormat.builtIn(3).decimals == 0)
    #expect(NumberFormat.builtIn(4).decimals == 2)
    #expect(NumberFormat.builtIn(10).isPercent && NumberFormat.builtIn(10).decimals == 2)
    #expect(NumberFormat.builtIn(37).decimals == 0 && NumberFormat.builtIn(39).decimals == 2)
    #expect(NumberFormat.builtIn(43).decimals == 2)
    #expect(NumberFormat.builtIn(49).code == "@" && NumberFormat.builtIn(49).decimals == nil)
    for id in Array(14...22) + Array(45...47) + Array(27...36) + Array(50...58) {
      #expect(NumberFormat.builtIn(id).isDate, "\(id)")
    }
    for id in Array(0...13) + Array(37...44) + [48, 49, 23, 59, 81, 163] {
      #expect(!NumberFormat.builtIn(id).isDate, "\(id)")
    }
    #expect(NumberFormat.builtIn(163).code == "General" && NumberFormat.builtIn(163).id == 163)
  }
}
