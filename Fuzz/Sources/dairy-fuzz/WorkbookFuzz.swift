// The workbook mode of the fuzz target (DAIRY_FUZZ_MODE=workbook, Scripts/fuzz-workbook): the
// input's first byte chooses what the rest is.
//   0: an .xlsx file as it is, for the ZIP directory and the whole reader;
//   1: the XML parts of a workbook, split by ff 00 ff, stored into a valid ZIP (right CRCs) in
//      the order of `StoredZip.partNames`, so that mutations reach the part readers instead of
//      failing the checksum;
//   2: one XML part, for the tokenizer alone, read whole and a few bytes at a time.
// A trap, a sanitizer report, a broken invariant or an error that is not a located input error
// is a finding.
import Foundation

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

enum WorkbookFuzz {
  /// Small limits, so that each input stays quick; the limits' code paths are the same.
  static let limits: WorkbookLimits = {
    var limits = WorkbookLimits()
    limits.maxPartBytes = 4 << 20
    limits.maxSharedStringsBytes = 1 << 20
    limits.maxMetadataPartBytes = 1 << 20
    limits.maxTokenBytes = 64 << 10
    limits.maxSharedStrings = 10_000
    limits.maxMergedRanges = 10_000
    return limits
  }()

  static let workbookPath: String = {
    URL(fileURLWithPath: inputPath).deletingLastPathComponent()
      .appendingPathComponent("input.xlsx").path
  }()

  static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let mode = bytes.first else { return }
    let rest = UnsafeBufferPointer(rebasing: bytes.dropFirst())
    switch mode % 3 {
    case 0:
      write(rest, to: workbookPath)
      WorkbookCheck.read(workbookPath)
    case 1:
      let zip = StoredZip.workbook(parts: StoredZip.split(Array(rest)))
      zip.withUnsafeBufferPointer { write($0, to: workbookPath) }
      WorkbookCheck.read(workbookPath)
    default:
      TokenizerCheck.check(Array(rest))
    }
  }
}
