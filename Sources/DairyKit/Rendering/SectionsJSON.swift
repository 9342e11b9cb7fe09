/// `dairy sections --format json`: `{"sections":[{"dataset","title","key","unit","group","from",
/// "to","rows","latest":{"year","amount"}}]}`.
public enum SectionsJSON {
  public static func render(_ summaries: [SectionSummary]) -> String {
    var out = "{\"sections\":["
    for (index, summary) in summaries.enumerated() {
      let info = summary.info
      out += index == 0 ? "\n" : ",\n"
      out +=
        "{\"dataset\":\(JSONText.string(info.dataset)),\"title\":\(JSONText.string(info.title)),"
      out += "\"key\":\(JSONText.string(info.key)),\"unit\":\(JSONText.optional(info.unit)),"
      out += "\"group\":\(JSONText.optional(info.group)),"
      out += "\"from\":\(info.years.map { String($0.lowerBound) } ?? "null"),"
      out += "\"to\":\(info.years.map { String($0.upperBound) } ?? "null"),"
      out += "\"rows\":\(info.observationCount),"
      out += "\"latest\":"
      out += summary.latest.map(JSONText.row) ?? "null"
      out += "}"
    }
    out += summaries.isEmpty ? "]}\n" : "\n]}\n"
    return out
  }
}
