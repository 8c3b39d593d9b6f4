// Foundation's reading of `.strings` files (swift-corelibs-foundation's
// PropertyListSerialization, CoreFoundation's old-style plist parser): for
// each path named on standard input, one line of JSON on standard output,
// the table or null when Foundation refuses the file or it is not a
// dictionary of strings.
import Foundation

while let path = readLine() {
    var line = "null"
    if let data = FileManager.default.contents(atPath: path),
       let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil),
       let table = plist as? [String: String],
       let json = try? JSONSerialization.data(withJSONObject: table, options: [.sortedKeys]) {
        line = String(decoding: json, as: UTF8.self)
    }
    print(line)
}
