// The library's public face: a Swift program that imports DairyKit opens a database, imports
// files and reads sections with these types, declared in the layers below and re-exported here.
// Everything else is `package`: the commands and the layers are the tool's, not an API.
//
// ```swift
// import DairyKit
//
// let database = try DairyDatabase.open(path: "dairy.sqlite")
// let summary = try database.importFiles(["milk.csv"])
// let page = try database.page(PageRequest(filter: SectionFilter(search: "cheese")))
// for part in page.parts { print(part.section.info.title, part.section.rows.count) }
// ```
//
// `@_exported` (an underscored attribute, though long-standing)
// is deliberate: a user imports one module, DairyKit, and sees the public types of the layers.
@_exported import DairyImport
@_exported import DairyModel
@_exported import DairyStorage
