/// The registered message syntaxes, one line each (each declared in its
/// folder, `Messages/<Syntax>/`); `MessageSyntax.register` adds others at
/// run time. `MessageSyntax.allCases` lists them by number.
extension MessageSyntax {
    static let registry = PluginRegistry<any MessageSyntaxPlugin.Type>([
        PrintfSyntax.self,
        ICUSyntax.self,
        MessageFormat2Syntax.self,
        I18nextSyntax.self,
        JavaSyntax.self,
        FluentMessageSyntax.self,
        QtSyntax.self,
    ])
}
