import DairyModel

// MARK: - Text that is not UTF-8

extension TextEncoding {
  /// What the import says of a field that is not UTF-8: when its bytes look like Windows-1252
  /// (``looksLikeWindows1252(_:)``), the word around the first bad byte as Windows-1252 reads it
  /// and the option that reads the file so; else that the file should be saved as UTF-8.
  ///
  /// ```swift
  /// TextEncoding.invalidUTF8Message(Array("Butt\u{E9}r".unicodeScalars.map { UInt8($0.value) }))
  /// // invalid UTF-8 (as Windows-1252 it reads "Buttér"); import it with
  /// // --encoding windows-1252, or save the file as UTF-8
  /// ```
  package static func invalidUTF8Message(_ field: [UInt8]) -> String {
    guard looksLikeWindows1252(field), let bad = UTF8Validation.firstInvalidByte(in: field)
    else { return "invalid UTF-8; save the file as UTF-8" }
    let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    var (from, to) = (bad, bad + 1)
    while from > 0 && bad - from < 30 && !isSpace(field[from - 1]) { from -= 1 }
    while to < field.count && to - bad < 30 && !isSpace(field[to]) { to += 1 }
    let word = String(decoding: transcoded(field[from..<to], from: .windows1252), as: UTF8.self)
    return "invalid UTF-8 (as Windows-1252 it reads \"\(TextEscaping.visible(word))\"); "
      + "import it with --encoding windows-1252, or save the file as UTF-8"
  }

  /// Whether bytes that are not UTF-8 look like Windows-1252 text: every byte over 0x7F is one
  /// Windows-1252 assigns a character, and stands alone or beside one more (as in `Jääskö`; most
  /// East Asian encodings make longer runs); and none starts UTF-8: no valid sequence of more than
  /// one byte (a mix of encodings is not one file in Windows-1252) and no sequence cut short (a
  /// lead byte and its first continuation byte, then text), which is broken UTF-8.
  package static func looksLikeWindows1252(_ bytes: [UInt8]) -> Bool {
    var run = 0
    for (index, byte) in bytes.enumerated() {
      guard byte >= 0x80 else {
        run = 0
        continue
      }
      run += 1
      if run > 2 || [0x81, 0x8D, 0x8F, 0x90, 0x9D].contains(byte) { return false }
      if validUTF8Width(bytes, at: index) > 1 { return false }
      let next = index + 1 < bytes.count ? bytes[index + 1] : 0
      if byte >= 0xC2 && byte <= 0xF4 && next & 0xC0 == 0x80 { return false }
    }
    return true
  }

  /// The length of the valid UTF-8 sequence at `index`, or 0.
  private static func validUTF8Width(_ bytes: [UInt8], at index: Int) -> Int {
    let lead = bytes[index]
    let width = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0
    guard width > 0, index + width <= bytes.count else { return 0 }
    let sequence = Array(bytes[index..<index + width])
    return String(validating: sequence, as: UTF8.self) == nil ? 0 : width
  }

  /// `bytes` in this single-byte encoding, as UTF-8.
  package static func transcoded(_ bytes: some Collection<UInt8>, from encoding: TextEncoding)
    -> [UInt8]
  {
    let input = Array(bytes)
    var output = [UInt8](repeating: 0, count: 4 * input.count + 1)
    var faults: [(Int, TextTranscoder.Fault)] = []
    let step = input.withUnsafeBufferPointer { input in
      output.withUnsafeMutableBufferPointer {
        TextTranscoder(encoding: encoding).transcode(
          input, final: true, into: $0.baseAddress!, room: $0.count, faults: &faults)
      }
    }
    return Array(output[..<step.produced])
  }
}
