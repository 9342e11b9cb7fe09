@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// The XML tokenizer on one part: the same events and error at every read size, elements that
/// nest, and errors that point inside the part.
enum TokenizerCheck {
  static func check(_ bytes: [UInt8]) {
    let whole = events(bytes, readSize: .max)
    let chunked = events(bytes, readSize: 1 + bytes.count % 7)
    require(whole == chunked, "the events depend on the read size:\n\(whole)\n\(chunked)")
    trace("tokenizer: \(whole.count) events, last: \(whole.last ?? "")")
  }

  static func events(_ bytes: [UInt8], readSize: Int) -> [String] {
    var tokenizer = XMLTokenizer(
      source: MemoryPartSource(bytes, readSize: readSize),
      location: WorkbookLocation(file: "input.xlsx", part: "part.xml"), limits: WorkbookFuzz.limits)
    var lines: [String] = []
    var depth = 0
    do {
      while true {
        let event = try tokenizer.next()
        switch event {
        case .start:
          depth += 1
          let attributes = tokenizer.attributes.prefix(tokenizer.attributeCount).map {
            Array(tokenizer.bytes($0.name)) + [61] + Array(tokenizer.bytes($0.value))
          }
          lines.append("<\(Array(tokenizer.localName)) \(attributes)")
        case .end:
          depth -= 1
          lines.append("</\(Array(tokenizer.localName))")
        case .text:
          lines.append("\"\(Array(tokenizer.text))")
        case .endOfDocument:
          require(depth == 0, "the document ended at depth \(depth)")
          return lines
        }
        require(depth == tokenizer.depth && depth >= 0, "depth \(depth), \(tokenizer.depth)")
      }
    } catch let error as DairyError {
      let offset = error.location?.file.split(separator: " ").last.flatMap { Int($0) }
      require(
        offset.map { $0 >= 0 && $0 <= bytes.count } == true, "an error outside the part: \(error)")
      return lines + ["\(error)"]
    } catch {
      fatalError("the tokenizer threw something else than a DairyError: \(error)")
    }
  }
}
