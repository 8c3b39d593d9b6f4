// C++: raw strings, prefixes, digit separators.
#include <string>

namespace ui {

std::string label()
{
    // TRANSLATORS: a raw string keeps its "quotes" and \n as written
    return gettext(R"(Raw "quoted" \n text)");
}

const char *other()
{
    int big = 1'000'000;  // a digit separator is not a character literal
    auto a = _(R"xy(Raw with )" inside)xy");
    auto b = _(u8"UTF-8 prefixed");
    auto c = _(L"wide" L" concatenated");
    auto d = _(u"UTF-16" U" and UTF-32");
    auto e = pgettext("cpp", "After " R"(a raw)" " part");
    return _("Multi-line raw follows");
}

const char *multi = _(R"(line one
line two)");

}  // namespace ui
