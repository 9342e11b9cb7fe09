import DairyModel

/// Reads what a workbook needs before any sheet: the workbook part (found through the package's
/// relationships), its relationships, the styles and the shared strings.
package struct WorkbookLoader {
  package let archive: ZipArchive
  package let limits: WorkbookLimits

  private var file: WorkbookLocation { WorkbookLocation(file: archive.displayName) }

  package func load() throws -> Workbook {
    let workbookPart = try officeDocument()
    let part = try parse(workbookPart, maxBytes: limits.maxMetadataPartBytes) {
      try WorkbookPart.parse(&$0)
    }
    let relationships = try relationships(of: workbookPart)
    let sheets = try resolve(part.sheets, relationships, workbookPart)
    var styles = StyleSheet()
    if let name = try target(ofKind: "styles", relationships) {
      styles = try parse(name, maxBytes: limits.maxMetadataPartBytes) { try StyleSheet.parse(&$0) }
    }
    var strings: [String] = []
    if let name = try target(ofKind: "sharedStrings", relationships) {
      strings = try parse(name, maxBytes: limits.maxSharedStringsBytes) {
        try SharedStrings.parse(&$0, limits: limits).strings
      }
    }
    return Workbook(
      displayName: archive.displayName, sheets: sheets, date1904: part.date1904, limits: limits,
      archive: archive, strings: strings, styles: styles)
  }

  /// The workbook part: the target of the package's `officeDocument` relationship, else
  /// `xl/workbook.xml`.
  private func officeDocument() throws -> String {
    if archive.entry(named: "_rels/.rels") != nil {
      let package = try parse("_rels/.rels", maxBytes: limits.maxMetadataPartBytes) {
        try Relationships.parse(&$0, source: "")
      }
      if let part = package.first(ofKind: "officeDocument")?.part,
        archive.entry(named: part) != nil
      {
        return part
      }
    }
    return "xl/workbook.xml"
  }

  private func relationships(of part: String) throws -> Relationships {
    let name = Relationships.partName(for: part)
    guard archive.entry(named: name) != nil else { return Relationships() }
    return try parse(name, maxBytes: limits.maxMetadataPartBytes) {
      try Relationships.parse(&$0, source: part)
    }
  }

  /// The part a relationship of this kind points to, which must exist.
  private func target(ofKind kind: String, _ relationships: Relationships) throws -> String? {
    guard let part = relationships.first(ofKind: kind)?.part else { return nil }
    guard archive.entry(named: part) != nil else {
      var here = file
      here.part = part
      throw here.error("is missing from the archive; the workbook's \(kind) part is not there")
    }
    return part
  }

  /// The sheets with their parts and kinds, checked: named, named once, each part present and
  /// a worksheet's its own (sheets sharing a part would have it read once each: 9,000 sheets
  /// of one large part, 9,000 times).
  private func resolve(
    _ listed: [WorkbookPart.Sheet], _ relationships: Relationships, _ workbookPart: String
  ) throws -> [WorkbookSheet] {
    var sheets: [WorkbookSheet] = []
    var names: Set<String> = []
    var owners: [String: String] = [:]
    for (index, sheet) in listed.enumerated() {
      var here = file
      here.sheet = sheet.name
      guard !sheet.name.isEmpty else { throw file.error("sheet \(index + 1) has no name") }
      guard names.insert(sheet.name.lowercased()).inserted else {
        throw here.error("the workbook has two sheets of this name (ignoring case); it is corrupt")
      }
      let relationship = relationships.relationship(id: sheet.relationshipID)
      if let relationship, relationship.part == nil {
        throw here.error(
          "its relationship \(TextEscaping.visible(sheet.relationshipID)) in "
            + Relationships.partName(for: workbookPart) + " points outside the workbook "
            + "(TargetMode=\"External\", '\(TextEscaping.visible(relationship.target))'), so "
            + "its cells are not in the file; open it in Excel and save the sheet into the workbook"
        )
      }
      guard let relationship, let part = relationship.part else {
        throw here.error(
          "its relationship \(TextEscaping.visible(sheet.relationshipID)) is missing from "
            + Relationships.partName(for: workbookPart))
      }
      let kind: WorkbookSheet.Kind =
        relationship.type.hasSuffix("/worksheet")
        ? .worksheet : relationship.type.hasSuffix("/chartsheet") ? .chartsheet : .other
      if kind == .worksheet && archive.entry(named: part) == nil {
        throw here.error("its part \(TextEscaping.visible(part)) is missing from the archive")
      }
      if kind == .worksheet {
        if let owner = owners.updateValue(sheet.name, forKey: part.lowercased()) {
          throw here.error(
            "its part \(TextEscaping.visible(part)) is sheet '\(TextEscaping.visible(owner))''s "
              + "too; each sheet of a workbook has a part of its own, so the file is corrupt")
        }
      }
      sheets.append(
        WorkbookSheet(name: sheet.name, index: index, state: sheet.state, kind: kind, part: part))
    }
    return sheets
  }

  /// Parses part `name`.
  private func parse<T>(
    _ name: String, maxBytes: Int, _ body: (inout XMLTokenizer) throws -> T
  ) throws -> T {
    var here = file
    here.part = name
    guard let entry = archive.entry(named: name) else {
      throw here.error("is missing from the archive")
    }
    let source = try archive.source(of: entry, maxBytes: maxBytes, limits: limits, at: here)
    var tokenizer = XMLTokenizer(source: source, location: here, limits: limits)
    do {
      return try body(&tokenizer)
    } catch {
      throw source.failureOfTheRest() ?? error
    }
  }
}
