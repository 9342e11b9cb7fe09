/// A page as JSON, for scripts:
/// `{"sections":[{"dataset","title","unit","notes","rows":[{"year","amount"}]}],
///   "footer":{"state","loaded","total","next","history":{"from","to"},"error"}}`.
///
/// `sections` holds only this page's rows; a section's notes are there only when its last row is
/// on the page. Following `next` until it is null visits every row once.
///
/// ```swift
/// let json = PageJSON.render(parts: page.parts, footer: .completed, page: page, error: nil)
/// ```
public enum PageJSON {
  public static func render(
    parts: [Page.Part], state: LoadMoreFooter.State, loaded: Int, total: Int, next: PageCursor?
  ) -> String {
    var out = "{\"sections\":["
    for (index, part) in parts.enumerated() {
      let info = part.section.info
      out += index == 0 ? "\n" : ",\n"
      out +=
        "{\"dataset\":\(JSONText.string(info.dataset)),\"title\":\(JSONText.string(info.title)),"
      out += "\"unit\":\(JSONText.optional(info.unit)),"
      out += "\"notes\":\(JSONText.optional(part.closesSection ? info.notes : nil)),\"rows\":["
      out += part.section.rows.map(JSONText.row).joined(separator: ",")
      out += "]}"
    }
    out += parts.isEmpty ? "],\n" : "\n],\n"
    var history = "null"
    var error = "null"
    switch state {
    case .completedWithHistory(let span):
      history = "{\"from\":\(span.lowerBound),\"to\":\(span.upperBound)}"
    case .retry(let failure): error = JSONText.string(failure.message)
    default: break
    }
    out += "\"footer\":{\"state\":\"\(state.name)\",\"loaded\":\(loaded),\"total\":\(total),"
    out += "\"next\":\(next.map { JSONText.string($0.description) } ?? "null"),"
    out += "\"history\":\(history),\"error\":\(error)}}\n"
    return out
  }
}
