import DairyTestSupport
import Foundation
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// Bad and hostile workbooks (`Fixtures/xlsx/hostile`, made by `make-fixtures.py`): each is
/// refused with the one line of its `.expected` file, an input error (exit 65).
@Suite("Refusing bad and hostile workbooks")
struct HostileWorkbookTests {
  static let folder = TestSupport.fixture("xlsx/hostile")

  static let fixtures = TestSupport.files(in: folder)

  /// Inputs `Scripts/fuzz-workbook` found, each refused with its `.expected` line.
  static let regressionFolder = TestSupport.fixture("xlsx/regressions")

  /// Opens `path` and reads every row of every sheet; the error that stops it, if any.
  static func readAll(_ path: String, limits: WorkbookLimits = .standard) -> DairyError? {
    let read = Result {
      let workbook = try Workbook.open(
        path: path, displayName: (path as NSString).lastPathComponent, limits: limits)
      var row = SheetRow()
      for sheet in workbook.sheets {
        let reader = try workbook.reader(forSheet: sheet)
        while try reader.next(into: &row) {}
      }
    }
    guard case .failure(let error) = read else { return nil }
    #expect(error is DairyError, "not a DairyError: \(error)")
    return error as? DairyError
  }

  @Test func everyCaseHasAFixture() {
    #expect(Self.fixtures.count == 44)
  }

  @Test(
    arguments: fixtures.map { (folder, $0) }
      + TestSupport.files(in: regressionFolder).map {
        (regressionFolder, $0)
      })
  func isRefusedWithItsMessage(_ folder: String, _ name: String) throws {
    // Given a hostile file and the line it must be refused with
    let stem = (name as NSString).deletingPathExtension
    let expected = try String(contentsOfFile: "\(folder)/\(stem).expected", encoding: .utf8)
    // When it is opened and every sheet read, its parts inflated whole or streamed
    for limits in [.standard, WorkbookReaderTests.streamingEveryPart] {
      let error = try #require(Self.readAll("\(folder)/\(name)", limits: limits))
      // Then the error is that line, a bad-input error
      #expect(error.description + "\n" == expected)
      #expect(error.kind == .input && error.exitCode == 65)
    }
  }

  @Test(arguments: fixtures)
  func isOrIsNotAWorkbookByItsContent(_ name: String) {
    // The files dairy should hand to the workbook reader, to read or to refuse with a note on
    // converting them, whatever their names; not a plain file or another ZIP archive.
    let isWorkbook = Workbook.looksLikeWorkbook(path: "\(Self.folder)/\(name)")
    let refusedByContent = ["not-a-zip.xlsx"]
    #expect(isWorkbook == !refusedByContent.contains(name))
  }

  // MARK: - Limits, lowered to reach them with a small file

  /// The limits with one changed.
  static func limits(_ change: (inout WorkbookLimits) -> Void) -> WorkbookLimits {
    var limits = WorkbookLimits()
    change(&limits)
    return limits
  }

  static let lowered: [(WorkbookLimits, String)] = [
    (
      limits { $0.maxPartBytes = 32 << 10 },
      "sheet 'fluidmilk', xl/worksheets/sheet1.xml: error: inflates to more than 32 KiB, the "
        + "most dairy reads of this part"
    ),
    (
      limits { $0.maxSharedStrings = 13 },
      "xl/sharedStrings.xml, byte 1462: error: more than 13 shared strings, the limit for a "
        + "workbook"
    ),
    (
      limits { $0.maxSharedStringsBytes = 1 << 10 },
      "xl/sharedStrings.xml: error: inflates to more than 1 KiB, the most dairy reads of this part"
    ),
    (
      limits { $0.maxMetadataPartBytes = 2000 },
      "xl/workbook.xml: error: inflates to more than 2000 bytes, the most dairy reads of this part"
    ),
    (
      limits { $0.maxEntries = 11 },
      "error: the ZIP archive lists 12 entries in 806 bytes, over the limit of 11 entries in "
        + "16 MiB"
    ),
    (
      limits { $0.maxMergedRanges = 2 },
      "sheet 'fluidmilk', xl/worksheets/sheet1.xml, byte 59756: error: more than 2 merged "
        + "ranges, the limit for a sheet"
    ),
    (
      limits { $0.maxTokenBytes = 100 },
      "_rels/.rels, byte 141: error: a tag or text runs over 100 bytes"
    ),
    (
      limits { $0.maxElementDepth = 2 },
      "xl/workbook.xml, byte 881: error: elements nest deeper than 2"
    ),
  ]

  @Test(arguments: lowered)
  func refusesPastALoweredLimit(_ limits: WorkbookLimits, _ message: String) {
    // Given fluidmilk.xlsx and a limit it passes, when it is read whole or streamed
    for limits in [
      limits,
      Self.limits {
        $0 = limits
        $0.inMemoryPartBytes = 0
      },
    ] {
      // Then it is refused at the limit, saying where
      let error = Self.readAll(TestSupport.fixture("xlsx/fluidmilk.xlsx"), limits: limits)
      #expect(error?.description == "fluidmilk.xlsx: " + message)
    }
  }

  @Test func aMissingFileAndAFolder() throws {
    #expect(
      Self.readAll("/nonexistent/milk.xlsx")?.description
        == "milk.xlsx: error: no such file")
    let folder = try TestSupport.temporaryFolder().path
    #expect(
      Self.readAll(folder)?.description
        == "\((folder as NSString).lastPathComponent): error: is a directory, not a workbook")
  }
}
