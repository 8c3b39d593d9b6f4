import Foundation
import ParlanceTools

let console = Console(
    out: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
    err: { text in FileHandle.standardError.write(Data(text.utf8)) }
)
exit(ParlanceTool.main(Array(CommandLine.arguments.dropFirst()), console: console))
