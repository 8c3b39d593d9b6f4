/// The registered message syntaxes, one line each (each declared in its
/// folder, `Messages/<Syntax>/`); `MessageSyntax.register` adds others at
/// run time. `MessageSyntax.allCases` lists them by number.
extension MessageSyntax {
    static let registry = PluginRegistry<any MessageSyntaxPlugin>([
        MessageSyntax.printf.plugin,
        MessageSyntax.icu.plugin,
        MessageSyntax.messageFormat2.plugin,
        MessageSyntax.i18next.plugin,
        MessageSyntax.java.plugin,
        MessageSyntax.fluent.plugin,
        MessageSyntax.qt.plugin,
    ])
}
