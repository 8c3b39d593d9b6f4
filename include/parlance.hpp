/*
 * parlance.hpp -- a header-only C++17 layer over the C API of parlance.h.
 *
 * Nothing here is compiled into libparlance.so: this header only calls the
 * functions of parlance.h, so it links with `-lparlance` like C code.
 *
 *     #include <parlance.hpp>
 *
 *     parlance::catalog catalog;
 *     catalog.load("Examples/catalog");                        // throws parlance::error
 *     parlance::localizer loc(catalog, {"fr-CA"}, "en");       // chain: fr-CA, fr, en
 *     std::string_view hello = loc.text("greeting");           // "Bonjour !"
 *     std::string files = loc.format("files.count", {3});      // "3 fichiers"
 *
 * Handles
 *   catalog and localizer own their C handle: move-only, the destructor
 *   frees it, a moved-from object is empty (operator bool is false; using
 *   it is undefined, as with a NULL handle in C). get() gives the C handle
 *   for calls this header does not wrap; release() gives up ownership. A
 *   catalog must outlive the localizers made on it (as in C).
 *
 * Strings in
 *   The C API takes NUL-terminated strings only. Arguments are string_arg,
 *   made implicitly from `const char *` and `std::string` (passed through
 *   without a copy) or from `std::string_view` (copied, to a small buffer
 *   on the stack when short). nullptr and a default-constructed
 *   std::string_view (data() == nullptr) mean "none", as NULL does in C
 *   (no context, the default table); pass "" for an empty string. A string
 *   holding a NUL byte reaches the library cut at that byte.
 *
 * Strings out
 *   - text(), lookup(), plural(), localize_marked() and explain() return
 *     std::string_view into the library's memory, with the lifetime that
 *     parlance.h states for looked-up strings: until the catalog is freed
 *     or a later load replaces the table that supplied them. When the
 *     result is the key itself (a miss) it is a view of the argument that
 *     was passed, so it lives as long as that argument. Under concurrent
 *     loads, use them inside a parlance::read_section, or
 *   - copy() and plural_copy() return std::string copies that are safe
 *     whatever other threads load;
 *   - format(), resource_path() and localize_document() return std::string
 *     that the caller owns.
 *
 * Errors
 *   Every fallible operation exists in two forms:
 *     - `try_NAME(...)` never throws a parlance::error: it returns a
 *       parlance::result<T> holding either the value or the error;
 *     - `NAME(...)` returns the value and throws parlance::error on failure.
 *   parlance::error carries the status, the message, and the file, line
 *   and column where the library knows them (parlance_last_error_details).
 *
 * Without exceptions
 *   When the translation unit is compiled without exceptions (-fno-exceptions,
 *   detected through __cpp_exceptions), or with PARLANCE_NO_EXCEPTIONS
 *   defined before the include, the throwing forms and the constructors that
 *   could fail are left out and only the try_ forms exist: make handles with
 *   catalog::try_create() and localizer::try_create(). result<T>::value() on
 *   a result holding an error then calls std::abort() instead of throwing;
 *   test the result first. PARLANCE_HPP_EXCEPTIONS tells which mode is on
 *   (1 or 0). Either mode may be used in different translation units of a
 *   program: the classes are the same, only the set of members differs.
 *
 * Threads
 *   As in C: a catalog and its localizers may be used from any number of
 *   threads at once; error information is read on the failing thread.
 */
#ifndef PARLANCE_HPP
#define PARLANCE_HPP

#include "parlance.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#if __cplusplus < 201703L && !(defined(_MSVC_LANG) && _MSVC_LANG >= 201703L)
#  error "parlance.hpp needs C++17"
#endif

#if defined(PARLANCE_NO_EXCEPTIONS) || !(defined(__cpp_exceptions) || defined(__EXCEPTIONS) || defined(_CPPUNWIND))
#  define PARLANCE_HPP_EXCEPTIONS 0
#else
#  define PARLANCE_HPP_EXCEPTIONS 1
#endif

namespace parlance {

/** The status codes of parlance.h (parlance_status). */
enum class status : int {
    ok = PARLANCE_OK,
    invalid_argument = PARLANCE_EINVAL,
    not_found = PARLANCE_ENOTFOUND,
    io = PARLANCE_EIO,
    syntax = PARLANCE_ESYNTAX,
    encoding = PARLANCE_EENCODING,
    format_mismatch = PARLANCE_EFORMAT,
    bad_locale = PARLANCE_ELOCALE,
    reference = PARLANCE_EREFERENCE,
    resource = PARLANCE_ERESOURCE
};

/** Table formats (parlance_format). */
enum class table_format : int {
    automatic = PARLANCE_FORMAT_AUTO,
    strings = PARLANCE_FORMAT_STRINGS,
    stringsdict = PARLANCE_FORMAT_STRINGSDICT,
    json = PARLANCE_FORMAT_JSON,
    po = PARLANCE_FORMAT_PO,
    mo = PARLANCE_FORMAT_MO,
    compiled = PARLANCE_FORMAT_COMPILED,
    xcstrings = PARLANCE_FORMAT_XCSTRINGS,
    android = PARLANCE_FORMAT_ANDROID,
    xliff = PARLANCE_FORMAT_XLIFF,
    i18next = PARLANCE_FORMAT_I18NEXT,
    properties = PARLANCE_FORMAT_PROPERTIES,
    fluent = PARLANCE_FORMAT_FLUENT,
    qt_ts = PARLANCE_FORMAT_QT_TS,
    qt_qm = PARLANCE_FORMAT_QT_QM
};

/** A failed call: the status, the library's message ("file:line:col: what"),
 *  and the file, line and column it concerned (empty path, 0 when unknown).
 *  Thrown by the throwing forms; held by result<T> in the try_ forms. */
class error : public std::runtime_error {
public:
    error(parlance::status code, std::string message, std::string path = {}, uint32_t line = 0, uint32_t column = 0)
        : std::runtime_error(std::move(message)), code_(code), path_(std::move(path)), line_(line), column_(column) {}

    /** The last failure on this thread (parlance_last_error_details). Call it
     *  right after the failing call, before any other Parlance call. */
    static error last() {
        const char *path = nullptr;
        uint32_t line = 0, column = 0;
        int code = parlance_last_error_details(&path, &line, &column);
        if (code == PARLANCE_OK) code = PARLANCE_EINVAL; /* a failure the library did not record */
        return error(static_cast<parlance::status>(code), parlance_last_error(), path ? path : "", line, column);
    }

    parlance::status status() const noexcept { return code_; }
    /** The status as parlance.h's int (PARLANCE_ENOTFOUND, ...). */
    int code() const noexcept { return static_cast<int>(code_); }
    std::string_view message() const noexcept { return what(); }
    /** The file the failure concerned, "" when none. */
    const std::string &path() const noexcept { return path_; }
    /** 1-based line and column in path(); 0 when unknown. */
    uint32_t line() const noexcept { return line_; }
    uint32_t column() const noexcept { return column_; }

private:
    parlance::status code_;
    std::string path_;
    uint32_t line_, column_;
};

/** Either a T or a parlance::error, like C++23's std::expected<T, error>.
 *  result<void> holds nothing or an error. */
template <class T>
class [[nodiscard]] result {
public:
    result(T value) : v_(std::in_place_index<0>, std::move(value)) {}
    result(::parlance::error e) : v_(std::in_place_index<1>, std::move(e)) {}

    bool has_value() const noexcept { return v_.index() == 0; }
    explicit operator bool() const noexcept { return has_value(); }

    /** The value; on an error, throws it (without exceptions: std::abort()). */
    T &value() & { check(); return *std::get_if<0>(&v_); }
    const T &value() const & { check(); return *std::get_if<0>(&v_); }
    T &&value() && { check(); return std::move(*std::get_if<0>(&v_)); }
    T &operator*() & { return value(); }
    const T &operator*() const & { return value(); }
    T &&operator*() && { return std::move(*this).value(); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }
    template <class U>
    T value_or(U &&fallback) const & { return has_value() ? *std::get_if<0>(&v_) : static_cast<T>(std::forward<U>(fallback)); }

    /** The error; only when !has_value(). */
    const ::parlance::error &error() const & { return *std::get_if<1>(&v_); }

private:
    void check() const {
        if (has_value()) return;
#if PARLANCE_HPP_EXCEPTIONS
        throw *std::get_if<1>(&v_);
#else
        std::abort();
#endif
    }
    std::variant<T, ::parlance::error> v_;
};

template <>
class [[nodiscard]] result<void> {
public:
    result() = default;
    result(::parlance::error e) : e_(std::move(e)) {}
    bool has_value() const noexcept { return !e_.has_value(); }
    explicit operator bool() const noexcept { return has_value(); }
    /** Nothing; on an error, throws it (without exceptions: std::abort()). */
    void value() const {
        if (has_value()) return;
#if PARLANCE_HPP_EXCEPTIONS
        throw *e_;
#else
        std::abort();
#endif
    }
    const ::parlance::error &error() const & { return *e_; }

private:
    std::optional<::parlance::error> e_;
};

/** A string argument for the C API (see "Strings in" above). Made
 *  implicitly; not meant to be stored. */
class string_arg {
public:
    string_arg() noexcept = default;
    string_arg(std::nullptr_t) noexcept {}
    string_arg(const char *s) noexcept : p_(s), view_(s ? std::string_view(s) : std::string_view()) {}
    string_arg(const std::string &s) noexcept : p_(s.c_str()), view_(s) {}
    string_arg(std::string_view s) : view_(s) {
        if (s.data() == nullptr) return;
        copied_ = true;
        if (s.size() < sizeof small_) {
            std::memcpy(small_, s.data(), s.size());
            small_[s.size()] = '\0';
            p_ = small_;
        } else {
            big_.assign(s.data(), s.size());
            p_ = big_.c_str();
        }
    }
    string_arg(const string_arg &) = delete;
    string_arg &operator=(const string_arg &) = delete;

    /** NUL-terminated, or nullptr for "none". */
    const char *c_str() const noexcept { return p_; }
    std::string_view view() const noexcept { return view_; }

    /** A result of the C API as a view. When it points into this argument's
     *  own copy (the library returned the key, or a part of it), the view
     *  refers to the caller's original text instead, which outlives the copy. */
    std::string_view result_view(const char *r) const noexcept {
        if (r == nullptr) return {};
        if (copied_ && r >= p_ && r <= p_ + view_.size()) return view_.substr(static_cast<size_t>(r - p_));
        return std::string_view(r);
    }

private:
    const char *p_ = nullptr;
    std::string_view view_;
    bool copied_ = false;
    char small_[128];
    std::string big_;
};

/** A typed argument for format() and a count for plural(): integers (not
 *  bool), floating-point numbers, or text. Text as a count is a decimal
 *  such as "1.50" whose fraction digits count. Text from a `const char *`
 *  or std::string is referenced, from a std::string_view copied; an arg
 *  lives for the call it is written in. */
class arg {
public:
    template <class I, std::enable_if_t<std::is_integral_v<I> && !std::is_same_v<I, bool>, int> = 0>
    arg(I v) noexcept { a_.type = PARLANCE_ARG_INT; a_.value.i = static_cast<int64_t>(v); }
    template <class F, std::enable_if_t<std::is_floating_point_v<F>, int> = 0>
    arg(F v) noexcept { a_.type = PARLANCE_ARG_DOUBLE; a_.value.d = static_cast<double>(v); }
    arg(const char *s) noexcept { a_.type = PARLANCE_ARG_STRING; a_.value.s = s; }
    arg(const std::string &s) noexcept { a_.type = PARLANCE_ARG_STRING; a_.value.s = s.c_str(); }
    arg(std::string_view s) : owned_(std::make_shared<std::string>(s)) { a_.type = PARLANCE_ARG_STRING; a_.value.s = owned_->c_str(); }
    arg(bool) = delete;

    /** The C argument; valid as long as this arg. */
    const parlance_arg &c_arg() const noexcept { return a_; }

private:
    parlance_arg a_{};
    std::shared_ptr<std::string> owned_; /* copies share one buffer, so a_.value.s stays valid */
};

/** A decimal count whose visible fraction digits count: decimal("1.0"). */
inline arg decimal(const char *digits) noexcept { return arg(digits); }

/** A read section (parlance_read_begin/_end) for the lifetime of the
 *  object: looked-up strings obtained meanwhile on this thread stay valid
 *  until it ends, whatever other threads load. Sections nest. */
class read_section {
public:
    read_section() noexcept { parlance_read_begin(); }
    ~read_section() { parlance_read_end(); }
    read_section(const read_section &) = delete;
    read_section &operator=(const read_section &) = delete;
};

/** The library's version at run time, "MAJOR.MINOR.PATCH". */
inline std::string_view version() noexcept { return parlance_version(); }

/** Whether the library loaded at run time is the version this header was
 *  written for. */
inline bool version_matches() noexcept { return parlance_version_number() == PARLANCE_VERSION_NUMBER; }

namespace detail {
/** s as a view; empty for nullptr. */
inline std::string_view view(const char *s) noexcept { return s ? std::string_view(s) : std::string_view(); }
inline std::optional<std::string_view> opt_view(const char *s) {
    if (s == nullptr) return std::nullopt;
    return std::string_view(s);
}

/* "Measure, then retry with a bigger buffer" for the _copy calls: nullopt
 * when missing (-1), an error for -2. */
template <class Copy>
result<std::optional<std::string>> copy_text(Copy &&copy) {
    char small[256];
    ptrdiff_t n = copy(small, sizeof small);
    if (n == -1) return std::optional<std::string>();
    if (n < 0) return error::last();
    if (static_cast<size_t>(n) < sizeof small) return std::optional<std::string>(std::string(small, static_cast<size_t>(n)));
    for (;;) {
        std::string big(static_cast<size_t>(n) + 1, '\0');
        ptrdiff_t m = copy(&big[0], big.size());
        if (m == -1) return std::optional<std::string>();
        if (m < 0) return error::last();
        if (m <= n) { /* it fitted (a reload may have made it shorter) */
            big.resize(static_cast<size_t>(m));
            return std::optional<std::string>(std::move(big));
        }
        n = m; /* a reload made it longer meanwhile: again */
    }
}

/* Text the library allocated (char **out), moved into a std::string. */
inline std::string take(char *text) {
    std::string s(text ? text : "");
    parlance_free(text);
    return s;
}
} // namespace detail

/** The CLDR plural category ("zero", "one", "two", "few", "many", "other")
 *  of number in locale, cardinal or ordinal; a static string. */
inline result<std::string_view> try_plural_category(const string_arg &locale, const arg &number, bool ordinal = false) {
    const char *out = nullptr;
    if (parlance_plural_category(&out, locale.c_str(), &number.c_arg(), ordinal) != PARLANCE_OK) return error::last();
    return std::string_view(out);
}
#if PARLANCE_HPP_EXCEPTIONS
inline std::string_view plural_category(const string_arg &locale, const arg &number, bool ordinal = false) {
    return try_plural_category(locale, number, ordinal).value();
}
#endif

/** A set of loaded translation tables (parlance_catalog). */
/** One entry of a table (parlance_entry), copied out of the snapshot. */
struct entry {
    std::string key;
    std::optional<std::string> context;
    parlance_entry_kind kind = PARLANCE_ENTRY_TEXT;
    std::string text;                                 /**< what a plain lookup gives */
    std::vector<std::optional<std::string>> forms;    /**< plural: 6 slots in CLDR order; gettext: by index */
    std::optional<std::string> comment;               /**< the file's note for translators, if any */
};

/** What a value given to an application's function is (parlance_value_kind). */
enum class value_kind : int {
    none = PARLANCE_VALUE_NONE,         /**< no such operand, argument or option */
    string = PARLANCE_VALUE_STRING,     /**< text */
    number = PARLANCE_VALUE_NUMBER,     /**< a number, as exact decimal text ("1234.5") */
    date = PARLANCE_VALUE_DATE,         /**< a date: date, milliseconds since 1970-01-01T00:00Z */
    function = PARLANCE_VALUE_FUNCTION, /**< an application function's result (its value as text, may be empty) */
    fallback = PARLANCE_VALUE_FALLBACK  /**< a value that failed to resolve */
};

/** An operand, positional argument or option given to an application's
 *  function: its kind, its text (a view valid during the call only; empty
 *  for a date or none) and, for a date, its milliseconds. */
struct function_value {
    value_kind kind = value_kind::none;
    std::string_view text;
    double date = 0;
    /** false for value_kind::none (past the last argument, an option not set). */
    explicit operator bool() const noexcept { return kind != value_kind::none; }
};

/** A call of an application's function (parlance_function_call), valid
 *  during the callback only: what the message gave it — the operand, a
 *  Fluent call's positional arguments ("{ PRICE($amount, 2) }": two, the
 *  first also the operand) and its options (Fluent's named arguments) —
 *  and how it answers (set_text for the formatted text; Fluent reads only
 *  that). Views it gives live until the callback returns. */
class function_call {
public:
    explicit function_call(parlance_function_call *call) noexcept : c_(call) {}
    parlance_function_call *get() const noexcept { return c_; }

    std::string_view name() const noexcept { return detail::view(parlance_function_name(c_)); }
    /** The message's locale (a BCP 47 tag). */
    std::string_view locale() const noexcept { return detail::view(parlance_function_locale(c_)); }
    function_value operand() const noexcept {
        return read([this](const char **t, double *d) { return parlance_function_operand(c_, t, d); });
    }
    size_t argument_count() const noexcept { return parlance_function_argument_count(c_); }
    /** The positional argument at index; value_kind::none past the end. */
    function_value argument(size_t index) const noexcept {
        return read([this, index](const char **t, double *d) { return parlance_function_argument(c_, index, t, d); });
    }
    /** Every positional argument, in order. */
    std::vector<function_value> arguments() const {
        std::vector<function_value> out;
        for (size_t i = 0, n = argument_count(); i < n; i++) out.push_back(argument(i));
        return out;
    }
    size_t option_count() const noexcept { return parlance_function_option_count(c_); }
    /** The name of the option at index; empty past the end. */
    std::string_view option_name(size_t index) const noexcept { return detail::view(parlance_function_option_name(c_, index)); }
    /** The option named name; value_kind::none when the message does not set it. */
    function_value option(const string_arg &name) const noexcept {
        return read([this, &name](const char **t, double *d) { return parlance_function_option(c_, name.c_str(), t, d); });
    }

    /** The call's formatted text (parlance_function_set_text). */
    void set_text(const string_arg &text) noexcept { parlance_function_set_text(c_, text.c_str()); }
    /** What an option or another function reads of the result (MessageFormat 2). */
    void set_value(const string_arg &value) noexcept { parlance_function_set_value(c_, value.c_str()); }
    /** Reports an error (parlance_function_error: kind such as "bad-operand", nullptr for that one). */
    void error(const string_arg &kind, const string_arg &message) noexcept {
        parlance_function_error(c_, kind.c_str(), message.c_str());
    }

private:
    template <class Read>
    static function_value read(Read &&get) noexcept {
        const char *text = nullptr;
        double date = 0;
        function_value v;
        v.kind = static_cast<value_kind>(get(&text, &date));
        v.text = detail::view(text);
        if (v.kind == value_kind::date) v.date = date;
        return v;
    }
    parlance_function_call *c_;
};

/** An application's function for parlance::catalog::set_function. */
using function = std::function<void(function_call &)>;

class catalog {
public:
#if PARLANCE_HPP_EXCEPTIONS
    /** An empty catalog; throws parlance::error when it cannot be made. */
    catalog() : catalog(try_create().value()) {}
#endif
    /** An empty catalog, or the error. */
    static result<catalog> try_create() {
        parlance_catalog *c = nullptr;
        if (parlance_catalog_create(&c) != PARLANCE_OK) return error::last();
        return catalog(c);
    }
    /** Takes ownership of a C handle (nullptr: an empty object). */
    explicit catalog(parlance_catalog *adopt) noexcept : c_(adopt) {}
    catalog(catalog &&other) noexcept
        : c_(std::exchange(other.c_, nullptr)), functions_(std::move(other.functions_)) {}
    catalog &operator=(catalog &&other) noexcept {
        if (this != &other) {
            parlance_catalog_free(c_);
            c_ = std::exchange(other.c_, nullptr);
            functions_ = std::move(other.functions_);
        }
        return *this;
    }
    catalog(const catalog &) = delete;
    catalog &operator=(const catalog &) = delete;
    /** Frees the catalog; free (destroy) its localizers first. */
    ~catalog() { parlance_catalog_free(c_); }

    parlance_catalog *get() const noexcept { return c_; }
    parlance_catalog *release() noexcept { return std::exchange(c_, nullptr); }
    explicit operator bool() const noexcept { return c_ != nullptr; }

    /** Loads a file or a directory (parlance_catalog_load): all or nothing;
     *  on error the previous tables keep serving. locale and table none
     *  (the default) for a directory or to infer them from the path. */
    result<void> try_load(const string_arg &path, const string_arg &locale = {}, const string_arg &table = {},
                          table_format format = table_format::automatic) {
        if (parlance_catalog_load(c_, path.c_str(), locale.c_str(), table.c_str(), static_cast<int>(format)) != PARLANCE_OK)
            return error::last();
        return {};
    }
    /** Loads one table from memory (parlance_catalog_load_bytes); the bytes
     *  are copied. locale is required; table none means "Localizable". */
    result<void> try_load_bytes(std::string_view bytes, const string_arg &locale, const string_arg &table = {},
                                table_format format = table_format::automatic) {
        if (parlance_catalog_load_bytes(c_, bytes.data(), bytes.size(), locale.c_str(), table.c_str(), static_cast<int>(format)) != PARLANCE_OK)
            return error::last();
        return {};
    }
#if PARLANCE_HPP_EXCEPTIONS
    void load(const string_arg &path, const string_arg &locale = {}, const string_arg &table = {},
              table_format format = table_format::automatic) {
        try_load(path, locale, table, format).value();
    }
    void load_bytes(std::string_view bytes, const string_arg &locale, const string_arg &table = {},
                    table_format format = table_format::automatic) {
        try_load_bytes(bytes, locale, table, format).value();
    }
#endif

    /** The loaded locales (canonical BCP 47, sorted); the views live until
     *  the catalog is freed. */
    std::vector<std::string_view> locales() const {
        std::vector<std::string_view> out;
        for (size_t i = 0, n = parlance_catalog_locale_count(c_); i < n; i++)
            if (const char *s = parlance_catalog_locale(c_, i)) out.emplace_back(s);
        return out;
    }
    /** The loaded table names (sorted); the views live until the catalog is freed. */
    std::vector<std::string_view> tables() const {
        std::vector<std::string_view> out;
        for (size_t i = 0, n = parlance_catalog_table_count(c_); i < n; i++)
            if (const char *s = parlance_catalog_table(c_, i)) out.emplace_back(s);
        return out;
    }

    /** The entries of one table of one locale, sorted by key then context
     *  (parlance_catalog_entries); status::not_found when there is no such table. */
    result<std::vector<entry>> try_entries(const string_arg &locale, const string_arg &table = "Localizable") const {
        parlance_entries *snapshot = nullptr;
        if (parlance_catalog_entries(&snapshot, c_, locale.c_str(), table.c_str()) != PARLANCE_OK) return error::last();
        std::unique_ptr<parlance_entries, void (*)(parlance_entries *)> owner(snapshot, parlance_entries_free);
        std::vector<entry> out;
        for (size_t i = 0, n = parlance_entries_count(snapshot); i < n; i++) {
            parlance_entry raw = PARLANCE_ENTRY_INIT;
            if (parlance_entries_get(snapshot, i, &raw) != PARLANCE_OK) return error::last();
            entry e;
            e.key = raw.key;
            if (raw.context) e.context = raw.context;
            e.kind = static_cast<parlance_entry_kind>(raw.kind);
            e.text = raw.text;
            for (size_t f = 0; f < raw.form_count; f++)
                e.forms.push_back(raw.forms[f] ? std::optional<std::string>(raw.forms[f]) : std::nullopt);
            if (raw.comment) e.comment = raw.comment;
            out.push_back(std::move(e));
        }
        return out;
    }
#if PARLANCE_HPP_EXCEPTIONS
    std::vector<entry> entries(const string_arg &locale, const string_arg &table = "Localizable") const {
        return try_entries(locale, table).value();
    }
#endif

    /** Adds fn as the application's function name (parlance_catalog_set_function:
     *  ":name" in MessageFormat 2 messages, "NAME(...)" in Fluent ones, every
     *  table of the catalog), replacing one of that name; an empty fn removes
     *  it. fn is called on the formatting thread and must not call back into
     *  the catalog; an exception leaving it is reported as the call's error
     *  (its what()) and the expression shows its fallback. The catalog keeps
     *  fn until it is replaced, removed or the catalog is freed. */
    result<void> try_set_function(const string_arg &name, function fn) {
        std::string key(name.view());
        if (!fn) {
            if (parlance_catalog_set_function(c_, name.c_str(), nullptr, nullptr) != PARLANCE_OK) return error::last();
            functions_.erase(std::remove_if(functions_.begin(), functions_.end(),
                                            [&](const auto &f) { return f.first == key; }), functions_.end());
            return {};
        }
        auto holder = std::make_unique<function>(std::move(fn));
        if (parlance_catalog_set_function(c_, name.c_str(), &catalog::function_trampoline, holder.get()) != PARLANCE_OK)
            return error::last();
        for (auto &f : functions_) {
            if (f.first == key) { f.second = std::move(holder); return {}; }
        }
        functions_.emplace_back(std::move(key), std::move(holder));
        return {};
    }
#if PARLANCE_HPP_EXCEPTIONS
    void set_function(const string_arg &name, function fn) { try_set_function(name, std::move(fn)).value(); }
#endif

private:
    static void function_trampoline(void *user, parlance_function_call *c) noexcept {
        function_call call(c);
#if PARLANCE_HPP_EXCEPTIONS
        try {
            (*static_cast<function *>(user))(call);
        } catch (const std::exception &e) {
            call.error(nullptr, e.what());
        } catch (...) {
            call.error(nullptr, "the function threw");
        }
#else
        (*static_cast<function *>(user))(call);
#endif
    }

    parlance_catalog *c_ = nullptr;
    /* The functions set, by name, on the heap: the library holds their address across moves. */
    std::vector<std::pair<std::string, std::unique_ptr<function>>> functions_;
};

/** Preferred locales, most preferred first: from a braced list
 *  ({"fr-CA", "en"}) or any container of strings. Empty: none, the
 *  development locale only, as in C and Python; the environment's locales
 *  (LANGUAGE, LC_ALL, LC_MESSAGES, LANG) are locale_list::environment(). */
class locale_list {
public:
    locale_list() = default;
    locale_list(std::initializer_list<std::string_view> names) : names_(names.begin(), names.end()) { point(); }
    template <class Range, class = decltype(std::string_view(*std::begin(std::declval<const Range &>())))>
    locale_list(const Range &names) {
        for (const auto &n : names) names_.emplace_back(std::string_view(n));
        point();
    }
    locale_list(const locale_list &other) : names_(other.names_), environment_(other.environment_) { point(); }
    locale_list(locale_list &&) noexcept = default; /* the strings' buffers move with the vector */
    locale_list &operator=(const locale_list &) = delete;
    locale_list &operator=(locale_list &&) = delete;
    /** The process environment's locales (LANGUAGE, LC_ALL, LC_MESSAGES,
     *  LANG): asked for explicitly, never by an empty list. */
    static locale_list environment() {
        locale_list list;
        list.environment_ = true;
        return list;
    }
    const char *const *data() const noexcept {
        static const char *const none[1] = {nullptr};
        return environment_ ? nullptr : ptrs_.empty() ? none : ptrs_.data();
    }
    size_t size() const noexcept { return ptrs_.size(); }

private:
    void point() { for (const auto &n : names_) ptrs_.push_back(n.c_str()); }
    std::vector<std::string> names_;
    std::vector<const char *> ptrs_;
    bool environment_ = false;
};

/** An HTTP Accept-Language header read into preferred locales
 *  (parlance_accept_language): by quality, "*" and q=0 dropped; ranges that
 *  name no language go to *rejected when it is given, never an error. */
inline locale_list accept_language(std::string_view header, std::vector<std::string> *rejected = nullptr) {
    std::string text(header.substr(0, header.find('\0')));
    std::vector<char> buffer(text.size() + 1);
    std::vector<const char *> tags(1 + static_cast<size_t>(std::count(text.begin(), text.end(), ',')));
    size_t count = 0, refused = 0;
    if (parlance_accept_language(text.c_str(), buffer.data(), buffer.size(), tags.data(), tags.size(), &count,
                                 &refused) != PARLANCE_OK)
        return locale_list(std::vector<std::string_view>{});
    if (rejected)
        for (size_t i = count; i < count + refused && i < tags.size(); i++) rejected->emplace_back(tags[i]);
    return locale_list(std::vector<std::string_view>(tags.begin(), tags.begin() + static_cast<std::ptrdiff_t>(count)));
}

/** Where a string came from (parlance_explanation). text and stored_key are
 *  looked-up strings (or the key argument, on a miss); locale, table and
 *  category live until the catalog is freed. */
struct explanation {
    std::string_view text;
    bool found = false;                         /**< false: text is the key itself */
    std::optional<std::string_view> locale;     /**< the supplying locale */
    std::string_view table;
    std::optional<std::string_view> stored_key; /**< e.g. "(ctx##one)key" */
    std::optional<std::string_view> category;   /**< the plural category used */
    bool fallback = false;                      /**< a locale after the first supplied it */
};

/** A miss reported to the callback of localizer::on_miss(); every view lives
 *  only during the call. */
struct miss {
    std::string_view key;
    std::optional<std::string_view> context;
    std::string_view table;
    const char *const *locale_names; /**< the locales that lacked the string */
    size_t locale_count;
    std::string_view locale(size_t i) const noexcept { return locale_names[i]; }
};

/** Looks strings up in a catalog along a locale fallback chain
 *  (parlance_localizer). The catalog must outlive it. */
class localizer {
public:
#if PARLANCE_HPP_EXCEPTIONS
    /** A localizer for the preferred locales (empty: none, the development
     *  locale only; locale_list::environment(): the environment's) and
     *  a development locale (none: "en"); throws parlance::error
     *  (status::bad_locale for a name that cannot be parsed). */
    localizer(catalog &cat, const locale_list &locales, const string_arg &development = "en")
        : localizer(try_create(cat, locales, development).value()) {}
#endif
    static result<localizer> try_create(catalog &cat, const locale_list &locales, const string_arg &development = "en") {
        parlance_localizer *l = nullptr;
        if (parlance_localizer_create(&l, cat.get(), locales.data(), locales.size(), development.c_str()) != PARLANCE_OK)
            return error::last();
        return localizer(l);
    }
    /** Takes ownership of a C handle (nullptr: an empty object). */
    explicit localizer(parlance_localizer *adopt) noexcept : l_(adopt) {}
    localizer(localizer &&other) noexcept
        : l_(std::exchange(other.l_, nullptr)), miss_(std::move(other.miss_)), changes_(std::move(other.changes_)),
          next_change_id_(other.next_change_id_) {}
    localizer &operator=(localizer &&other) noexcept {
        if (this != &other) {
            parlance_localizer_free(l_);
            l_ = std::exchange(other.l_, nullptr);
            miss_ = std::move(other.miss_);
            changes_ = std::move(other.changes_);
            next_change_id_ = other.next_change_id_;
        }
        return *this;
    }
    localizer(const localizer &) = delete;
    localizer &operator=(const localizer &) = delete;
    ~localizer() { parlance_localizer_free(l_); }

    parlance_localizer *get() const noexcept { return l_; }
    /** Gives up ownership; an installed miss callback must then be removed
     *  first (its state belongs to this object). */
    parlance_localizer *release() noexcept { return std::exchange(l_, nullptr); }
    explicit operator bool() const noexcept { return l_ != nullptr; }

    /** Replaces the preferred locales; on error the previous chain stays.
     *  Safe while other threads look strings up. */
    result<void> try_set_locales(const locale_list &locales) {
        if (parlance_localizer_set_locales(l_, locales.data(), locales.size()) != PARLANCE_OK) return error::last();
        return {};
    }
#if PARLANCE_HPP_EXCEPTIONS
    void set_locales(const locale_list &locales) { try_set_locales(locales).value(); }
#endif

    /** Sets the device whose texts device-specific entries give ("iphone",
     *  "mac", ... as catalogs name them); nullptr, the default, gives their
     *  "other" texts. Safe while other threads look strings up. */
    result<void> try_set_device(const string_arg &device) {
        if (parlance_localizer_set_device(l_, device.c_str()) != PARLANCE_OK) return error::last();
        return {};
    }
#if PARLANCE_HPP_EXCEPTIONS
    void set_device(const string_arg &device) { try_set_device(device).value(); }
#endif

    /** The device set, or nullptr when none is. */
    const char *device() const noexcept { return parlance_localizer_device(l_); }

    /** The resolved fallback chain (canonical BCP 47), copied as one snapshot. */
    std::vector<std::string> locales() const {
        read_section section;
        size_t n = 0;
        const char *const *chain = parlance_localizer_locales(l_, &n);
        return std::vector<std::string>(chain, chain + n);
    }

    /** The translation of key in context from table, or key itself when the
     *  chain lacks it (see "Strings out" for the lifetime). */
    std::string_view text(const string_arg &key, const string_arg &context = {}, const string_arg &table = {}) const {
        return key.result_view(parlance_localizer_text(l_, key.c_str(), context.c_str(), table.c_str()));
    }
    /** Like text(), but nullopt when missing. */
    std::optional<std::string_view> lookup(const string_arg &key, const string_arg &context = {}, const string_arg &table = {}) const {
        const char *r = parlance_localizer_lookup(l_, key.c_str(), context.c_str(), table.c_str());
        if (r == nullptr) return std::nullopt;
        return std::string_view(r);
    }
    /** A copy of the translation, nullopt when missing; safe whatever other
     *  threads load. */
    result<std::optional<std::string>> try_copy(const string_arg &key, const string_arg &context = {}, const string_arg &table = {}) const {
        return detail::copy_text([&](char *buf, size_t size) {
            return parlance_localizer_copy(l_, buf, size, key.c_str(), context.c_str(), table.c_str());
        });
    }
    /** The plural variant of key for count's CLDR category, unformatted; falls
     *  back to "other", then to key. Fails for an invalid count. */
    result<std::string_view> try_plural(const string_arg &key, const arg &count, const string_arg &context = {},
                                        const string_arg &table = {}) const {
        const char *r = parlance_localizer_plural(l_, key.c_str(), &count.c_arg(), context.c_str(), table.c_str());
        if (r == nullptr) return error::last();
        return key.result_view(r);
    }
    /** plural() copied, nullopt when missing; safe whatever other threads load. */
    result<std::optional<std::string>> try_plural_copy(const string_arg &key, const arg &count, const string_arg &context = {},
                                                       const string_arg &table = {}) const {
        return detail::copy_text([&](char *buf, size_t size) {
            return parlance_localizer_plural_copy(l_, buf, size, key.c_str(), &count.c_arg(), context.c_str(), table.c_str());
        });
    }
    /** plural() with the source text's plural form (gettext's msgid_plural):
     *  when no locale has key, key or plural as the development language's
     *  rule chooses for count, as ngettext(key, plural, n) does. */
    result<std::string_view> try_plural_source(const string_arg &key, const string_arg &plural, const arg &count,
                                               const string_arg &context = {}, const string_arg &table = {}) const {
        const char *r = parlance_localizer_plural_source(l_, key.c_str(), plural.c_str(), &count.c_arg(), context.c_str(),
                                                         table.c_str());
        if (r == nullptr) return error::last();
        return r == plural.c_str() ? plural.result_view(r) : key.result_view(r);
    }
    /** format() with the source text's plural form: when no locale has key,
     *  key or plural (chosen for the first numeric argument) is formatted. */
    result<std::string> try_format_plural(const string_arg &key, const string_arg &plural, const std::vector<arg> &args,
                                          const string_arg &context = {}, const string_arg &table = {}) const {
        std::vector<parlance_arg> c;
        c.reserve(args.size());
        for (const auto &a : args) c.push_back(a.c_arg());
        char *out = nullptr;
        if (parlance_localizer_format_plural(l_, &out, key.c_str(), plural.c_str(), context.c_str(), table.c_str(),
                                             c.data(), c.size(), nullptr) != PARLANCE_OK)
            return error::last();
        return detail::take(out);
    }
    /** The translation of key (or key itself) formatted with typed args;
     *  status::format_mismatch when a placeholder does not match its argument. */
    result<std::string> try_format(const string_arg &key, std::initializer_list<arg> args, const string_arg &context = {},
                                   const string_arg &table = {}) const {
        return try_format(key, args.begin(), args.size(), context, table);
    }
    result<std::string> try_format(const string_arg &key, const std::vector<arg> &args, const string_arg &context = {},
                                   const string_arg &table = {}) const {
        return try_format(key, args.data(), args.size(), context, table);
    }
    /** The message of key with named arguments, as i18next's t() does for
     *  i18next tables (parlance_localizer_format_named): {{"count", 3}, {"name", "Ann"}}. */
    result<std::string> try_format_named(const string_arg &key, std::initializer_list<std::pair<std::string, arg>> args,
                                         const string_arg &context = {}, const string_arg &table = {}) const {
        std::vector<parlance_named_arg> c;
        c.reserve(args.size());
        for (const auto &a : args) c.push_back(parlance_named_arg{a.first.c_str(), a.second.c_arg()});
        char *out = nullptr;
        if (parlance_localizer_format_named(l_, &out, key.c_str(), context.c_str(), table.c_str(), c.data(), c.size()) != PARLANCE_OK)
            return error::last();
        return detail::take(out);
    }
#if PARLANCE_HPP_EXCEPTIONS
    std::string format_named(const string_arg &key, std::initializer_list<std::pair<std::string, arg>> args,
                             const string_arg &context = {}, const string_arg &table = {}) const {
        return try_format_named(key, args, context, table).value();
    }
#endif
    /** For "^Print", the translation of "Print" (or "Print" itself); nullopt
     *  when text does not start with '^'. */
    std::optional<std::string_view> localize_marked(const string_arg &text) const {
        const char *r = parlance_localizer_localize_marked(l_, text.c_str());
        if (r == nullptr) return std::nullopt;
        return text.result_view(r);
    }
    /** The path of xx.lproj/name.ext for the first locale of the chain that
     *  has it; status::not_found when none has. */
    result<std::string> try_resource_path(const string_arg &name, const string_arg &ext = {}) const {
        char *out = nullptr;
        if (parlance_localizer_resource_path(l_, &out, name.c_str(), ext.c_str()) != PARLANCE_OK) return error::last();
        return detail::take(out);
    }
    /** A UI document (GtkBuilder .ui, Interface Builder .xib/.storyboard,
     *  JSON) with its caret-marked and conventionally localizable texts
     *  translated and every other byte kept (parlance_localizer_localize_document).
     *  name gives the kind by its extension and an Interface Builder table;
     *  table holds the texts the document does not place. */
    result<std::string> try_localize_document(std::string_view document, const string_arg &name = {},
                                              const string_arg &table = {}, int kind = PARLANCE_DOCUMENT_AUTO) const {
        char *out = nullptr;
        size_t size = 0;
        if (parlance_localizer_localize_document(l_, &out, &size, document.data(), document.size(), name.c_str(),
                                                 table.c_str(), kind) != PARLANCE_OK)
            return error::last();
        std::string s(out, size);
        parlance_free(out);
        return s;
    }
    /** Where text(key, context, table) comes from. */
    result<explanation> try_explain(const string_arg &key, const string_arg &context = {}, const string_arg &table = {}) const {
        return explain_(key, nullptr, context, table);
    }
    /** Where plural(key, count, context, table) comes from. */
    result<explanation> try_explain_plural(const string_arg &key, const arg &count, const string_arg &context = {},
                                           const string_arg &table = {}) const {
        return explain_(key, &count.c_arg(), context, table);
    }

#if PARLANCE_HPP_EXCEPTIONS
    std::optional<std::string> copy(const string_arg &key, const string_arg &context = {}, const string_arg &table = {}) const {
        return try_copy(key, context, table).value();
    }
    std::string_view plural(const string_arg &key, const arg &count, const string_arg &context = {}, const string_arg &table = {}) const {
        return try_plural(key, count, context, table).value();
    }
    std::optional<std::string> plural_copy(const string_arg &key, const arg &count, const string_arg &context = {},
                                           const string_arg &table = {}) const {
        return try_plural_copy(key, count, context, table).value();
    }
    std::string format(const string_arg &key, std::initializer_list<arg> args, const string_arg &context = {},
                       const string_arg &table = {}) const {
        return try_format(key, args, context, table).value();
    }
    std::string_view plural_source(const string_arg &key, const string_arg &plural, const arg &count,
                                   const string_arg &context = {}, const string_arg &table = {}) const {
        return try_plural_source(key, plural, count, context, table).value();
    }
    std::string format_plural(const string_arg &key, const string_arg &plural, const std::vector<arg> &args,
                              const string_arg &context = {}, const string_arg &table = {}) const {
        return try_format_plural(key, plural, args, context, table).value();
    }
    std::string format(const string_arg &key, const std::vector<arg> &args, const string_arg &context = {},
                       const string_arg &table = {}) const {
        return try_format(key, args, context, table).value();
    }
    std::string resource_path(const string_arg &name, const string_arg &ext = {}) const {
        return try_resource_path(name, ext).value();
    }
    std::string localize_document(std::string_view document, const string_arg &name = {}, const string_arg &table = {},
                                  int kind = PARLANCE_DOCUMENT_AUTO) const {
        return try_localize_document(document, name, table, kind).value();
    }
    explanation explain(const string_arg &key, const string_arg &context = {}, const string_arg &table = {}) const {
        return try_explain(key, context, table).value();
    }
    explanation explain_plural(const string_arg &key, const arg &count, const string_arg &context = {},
                               const string_arg &table = {}) const {
        return try_explain_plural(key, count, context, table).value();
    }
#endif

    /** Calls callback on each miss (see parlance_miss_callback: also when a
     *  fallback locale supplied the string), on the looking-up thread. It
     *  must not call back into this localizer, and must not throw (an
     *  exception leaving it ends the program). An empty function removes it. */
    result<void> try_on_miss(std::function<void(const miss &)> callback) {
        if (!callback) {
            if (parlance_localizer_on_miss(l_, nullptr, nullptr) != PARLANCE_OK) return error::last();
            miss_.reset();
            return {};
        }
        auto holder = std::make_unique<std::function<void(const miss &)>>(std::move(callback));
        if (parlance_localizer_on_miss(l_, &localizer::miss_trampoline, holder.get()) != PARLANCE_OK) return error::last();
        miss_ = std::move(holder);
        return {};
    }
#if PARLANCE_HPP_EXCEPTIONS
    void on_miss(std::function<void(const miss &)> callback) { try_on_miss(std::move(callback)).value(); }
#endif

    /** Adds callback, called after this localizer's languages change or a
     *  load into its catalog publishes new tables (parlance_localizer_on_change:
     *  on the changing thread, no lock held, it may call back into this
     *  localizer; it must not throw). Returns an id for remove_on_change(). */
    result<size_t> try_on_change(std::function<void(parlance_change)> callback) {
        std::unique_ptr<change_holder> holder(new change_holder{next_change_id_ + 1, std::move(callback)});
        if (parlance_localizer_on_change(l_, &localizer::change_trampoline, holder.get()) != PARLANCE_OK)
            return error::last();
        next_change_id_ = holder->id;
        changes_.push_back(std::move(holder));
        return next_change_id_;
    }
#if PARLANCE_HPP_EXCEPTIONS
    size_t on_change(std::function<void(parlance_change)> callback) {
        return try_on_change(std::move(callback)).value();
    }
#endif
    /** Removes the callback added with id; false when there is none. */
    bool remove_on_change(size_t id) noexcept {
        for (auto it = changes_.begin(); it != changes_.end(); ++it) {
            if ((*it)->id != id) continue;
            parlance_localizer_remove_on_change(l_, &localizer::change_trampoline, it->get());
            changes_.erase(it);
            return true;
        }
        return false;
    }

private:
    result<std::string> try_format(const string_arg &key, const arg *args, size_t n, const string_arg &context,
                                   const string_arg &table) const {
        parlance_arg small[8];
        std::vector<parlance_arg> big;
        parlance_arg *c = small;
        if (n > 8) { big.resize(n); c = big.data(); }
        for (size_t i = 0; i < n; i++) c[i] = args[i].c_arg();
        char *out = nullptr;
        if (parlance_localizer_format(l_, &out, key.c_str(), context.c_str(), table.c_str(), c, n) != PARLANCE_OK)
            return error::last();
        return detail::take(out);
    }

    result<explanation> explain_(const string_arg &key, const parlance_arg *count, const string_arg &context,
                                 const string_arg &table) const {
        parlance_explanation why = PARLANCE_EXPLANATION_INIT;
        if (parlance_localizer_explain(l_, &why, key.c_str(), count, context.c_str(), table.c_str()) != PARLANCE_OK)
            return error::last();
        explanation e;
        e.text = key.result_view(why.text);
        e.found = why.found;
        e.locale = detail::opt_view(why.locale);
        e.table = why.table ? std::string_view(why.table) : std::string_view();
        e.stored_key = detail::opt_view(why.stored_key);
        e.category = detail::opt_view(why.category);
        e.fallback = why.fallback;
        return e;
    }

    static void miss_trampoline(void *user, const char *key, const char *context, const char *table,
                                const char *const *locales, size_t count) noexcept {
        miss m{key ? std::string_view(key) : std::string_view(), detail::opt_view(context),
               table ? std::string_view(table) : std::string_view(), locales, count};
        (*static_cast<std::function<void(const miss &)> *>(user))(m);
    }

    parlance_localizer *l_ = nullptr;
    /* On the heap, so that the pointer the library holds survives moves. */
    std::unique_ptr<std::function<void(const miss &)>> miss_;
    /** A change callback and its id; the C callback's user_data (stable across moves). */
    struct change_holder {
        size_t id;
        std::function<void(parlance_change)> callback;
    };
    static void change_trampoline(void *user, parlance_localizer *, parlance_change change) {
        static_cast<change_holder *>(user)->callback(change);
    }
    std::vector<std::unique_ptr<change_holder>> changes_;
    size_t next_change_id_ = 0;
};

} // namespace parlance

#endif /* PARLANCE_HPP */
