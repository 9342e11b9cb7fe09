@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// The number parser against glibc's `strtod`, and its years against its amounts.
enum NumberCheck {
  static let numbers = NumberParser()

  static func check(_ field: [UInt8]) {
    let amount = numbers.amount(field)
    let year = numbers.year(field)
    if case .value(let value, let decimals) = amount {
      let expected = strtod(field)
      require(
        value.bitPattern == expected.bitPattern,
        "\(shown(field)) reads as \(value), strtod says \(expected)")
      require((0...12).contains(decimals), "\(shown(field)) has \(decimals) decimals")
    }
    switch year {
    case .value(let year):
      guard case .value(let value, _) = amount, value == Double(year) else {
        fatalError("\(shown(field)) is the year \(year) but the amount \(amount)")
      }
    case .missing:
      require(amount == .missing, "\(shown(field)) is a missing year but the amount \(amount)")
    case .invalid:
      if case .value(let value, _) = amount, value.rounded(.towardZero) == value,
        abs(value) < 1e15
      {
        fatalError("\(shown(field)) is the amount \(value) but not a year")
      }
    }
  }

  /// What the C library reads; the field has no NUL (the reader refuses them).
  private static func strtod(_ field: [UInt8]) -> Double {
    (field + [0]).withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { Glibc.strtod($0.baseAddress!, nil) }
    }
  }

  private static func shown(_ field: [UInt8]) -> String {
    String(decoding: field, as: UTF8.self).debugDescription
  }
}
