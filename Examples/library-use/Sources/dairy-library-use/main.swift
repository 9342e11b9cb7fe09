import DairyKit
import Foundation

// Usage: dairy-library-use FILE.csv [SEARCH]
// Imports FILE into a database in memory and prints each section matching SEARCH with its
// first and last observation, then the first page as `dairy show` pages it.
let arguments = CommandLine.arguments.dropFirst()
guard let file = arguments.first else {
  print("usage: dairy-library-use FILE.csv [SEARCH]")
  exit(64)
}
do {
  let database = try DairyDatabase.inMemory()
  var options = ImportOptions()
  options.dataset = "example"
  let summary = try database.importFiles([file], options: options)
  print(summary)
  let filter = SectionFilter(search: arguments.dropFirst().first)
  let sections = try database.read { snapshot in
    try snapshot.sections(matching: filter).map { info in
      Section(info: info, rows: try snapshot.observations(of: info.id))
    }
  }
  for section in sections {
    let first = section.rows.first.map { "\($0.year): \($0.amount)" } ?? "none"
    let last = section.rows.last.map { "\($0.year): \($0.amount)" } ?? "none"
    print("\(section.info.title) [\(section.info.unit ?? "no unit")] \(first) … \(last)")
  }
  let page = try database.page(PageRequest(filter: filter, pageSize: 10))
  print("page 1: \(page.loaded) of \(page.total) rows; next: \(page.next?.description ?? "none")")
  for part in page.parts {
    print("  \(part.section.info.title): \(part.section.rows.count) rows")
  }
} catch let error as DairyError {
  print("error: \(error)")
  exit(65)
}
