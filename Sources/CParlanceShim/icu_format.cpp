/* Locale-aware formatting through ICU: numbers (number skeletons), dates
 * and times (styles), messages in ICU MessageFormat syntax, and the
 * directions bidi isolation needs.
 *
 * Formatters are cached so that a message is parsed once, not per call:
 * number formatters (immutable, shared by threads) by locale and skeleton,
 * MessageFormat objects (not safe to share while formatting) in small pools
 * by locale and pattern, each object formatting for one thread at a time.
 * Both caches are bounded: a host formatting a million distinct patterns
 * keeps at most the last few hundred. */
#include "parlance_shim.h"
#include "icu_status.h"

#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include <unicode/datefmt.h>
#include <unicode/listformatter.h>
#include <unicode/messagepattern.h>
#include <unicode/msgfmt.h>
#include <unicode/numberformatter.h>
#include <unicode/reldatefmt.h>
#include <unicode/smpdtfmt.h>
#include <unicode/dtptngen.h>
#include <unicode/timezone.h>
#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>

namespace {

/* A malloc'd copy of a UnicodeString in UTF-8, its length in *length:
 * measured, then converted straight into the buffer. */
char *copy_out(const icu::UnicodeString &text, int32_t *length) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t size = 0;
    u_strToUTF8WithSub(nullptr, 0, &size, text.getBuffer(), text.length(), 0xFFFD, nullptr, &status);
    if (parlance_icu_length(status, size) < 0) return nullptr;
    if (size > INT32_MAX - 1) return nullptr;
    char *out = static_cast<char *>(std::malloc((size_t)size + 1));
    if (!out) return nullptr;
    status = U_ZERO_ERROR;
    u_strToUTF8WithSub(out, size + 1, nullptr, text.getBuffer(), text.length(), 0xFFFD, nullptr, &status);
    if (U_FAILURE(status)) {
        std::free(out);
        return nullptr;
    }
    *length = size;
    return out;
}

icu::UnicodeString from_utf8(const char *text, int32_t length) {
    return icu::UnicodeString::fromUTF8(icu::StringPiece(text, length));
}

/* An ICU Formattable of a shim value; false for an invalid decimal. */
bool formattable(const parlance_shim_value &value, icu::Formattable &out) {
    switch (value.type) {
    case PARLANCE_SHIM_VALUE_INT: out.setInt64(value.i); return true;
    case PARLANCE_SHIM_VALUE_DOUBLE: out.setDouble(value.d); return true;
    case PARLANCE_SHIM_VALUE_STRING: out.setString(from_utf8(value.s, value.length)); return true;
    case PARLANCE_SHIM_VALUE_DECIMAL: {
        UErrorCode status = U_ZERO_ERROR;
        out.setDecimalNumber(icu::StringPiece(value.s, value.length), status);
        return U_SUCCESS(status);
    }
    case PARLANCE_SHIM_VALUE_DATE: out.setDate(value.d); return true;
    }
    return false;
}

const size_t cache_limit = 256;

/* ---- Number formatters -------------------------------------------------- */

std::mutex number_lock;
std::unordered_map<std::string, std::shared_ptr<const icu::number::LocalizedNumberFormatter>> number_cache;

std::shared_ptr<const icu::number::LocalizedNumberFormatter> number_formatter(const char *locale, const char *skeleton) {
    thread_local std::string key;   /* reused: no allocation per call */
    key.assign(locale);
    key.push_back('\0');
    key.append(skeleton);
    {
        std::lock_guard<std::mutex> guard(number_lock);
        auto found = number_cache.find(key);
        if (found != number_cache.end()) return found->second;
    }
    UErrorCode status = U_ZERO_ERROR;
    icu::number::UnlocalizedNumberFormatter unlocalized =
        icu::number::NumberFormatter::forSkeleton(icu::UnicodeString::fromUTF8(skeleton), status);
    if (U_FAILURE(status)) return nullptr;
    auto formatter = std::make_shared<const icu::number::LocalizedNumberFormatter>(unlocalized.locale(icu::Locale(locale)));
    std::lock_guard<std::mutex> guard(number_lock);
    if (number_cache.size() >= cache_limit) number_cache.clear();
    number_cache.emplace(key, formatter);
    return formatter;
}

/* ---- MessageFormat pools ------------------------------------------------ */

/* Parsed formats of one pattern, idle; owned, so that the cache releases them when it goes (at exit, too). */
struct Pool {
    std::vector<std::unique_ptr<icu::MessageFormat>> idle;
    uint64_t used = 0;
};

std::mutex message_lock;
std::unordered_map<std::string, Pool> message_cache;
uint64_t message_clock = 0;
const size_t pool_limit = 4;

icu::MessageFormat *checkout(const std::string &key) {
    std::lock_guard<std::mutex> guard(message_lock);
    auto found = message_cache.find(key);
    if (found == message_cache.end() || found->second.idle.empty()) return nullptr;
    icu::MessageFormat *format = found->second.idle.back().release();
    found->second.idle.pop_back();
    found->second.used = ++message_clock;
    return format;
}

void checkin(const std::string &key, icu::MessageFormat *returned) {
    std::unique_ptr<icu::MessageFormat> format(returned);
    std::vector<std::unique_ptr<icu::MessageFormat>> evicted;   /* released after the lock */
    {
        std::lock_guard<std::mutex> guard(message_lock);
        auto found = message_cache.find(key);
        if (found == message_cache.end()) {
            if (message_cache.size() >= cache_limit) {
                /* Evicts the least recently used pattern. */
                auto oldest = message_cache.begin();
                for (auto it = message_cache.begin(); it != message_cache.end(); ++it)
                    if (it->second.used < oldest->second.used) oldest = it;
                evicted.swap(oldest->second.idle);
                message_cache.erase(oldest);
            }
            found = message_cache.emplace(key, Pool()).first;
        }
        found->second.used = ++message_clock;
        if (found->second.idle.size() < pool_limit) found->second.idle.push_back(std::move(format));
    }
}

void set_error(parlance_shim_message_error *error, int32_t offset, const char *name) {
    if (!error) return;
    error->offset = offset;
    error->name = name;
}

} // namespace

extern "C" char *parlance_icu_number_format(const char *locale, const char *skeleton,
                                            const parlance_shim_value *value, int32_t *length) {
    auto formatter = number_formatter(locale, skeleton);
    if (!formatter) return nullptr;
    UErrorCode status = U_ZERO_ERROR;
    icu::number::FormattedNumber result;
    switch (value->type) {
    case PARLANCE_SHIM_VALUE_INT: result = formatter->formatInt(value->i, status); break;
    case PARLANCE_SHIM_VALUE_DOUBLE: result = formatter->formatDouble(value->d, status); break;
    case PARLANCE_SHIM_VALUE_DECIMAL:
        result = formatter->formatDecimal(icu::StringPiece(value->s, value->length), status);
        break;
    default: return nullptr;
    }
    if (U_FAILURE(status)) return nullptr;
    icu::UnicodeString text = result.toString(status);
    return U_FAILURE(status) ? nullptr : copy_out(text, length);
}

extern "C" char *parlance_icu_date_format(const char *locale, double epoch_ms, int date_style, int time_style,
                                          const char *skeleton, const char *time_zone, int32_t *length) {
    icu::Locale where(locale);
    std::unique_ptr<icu::DateFormat> format;
    if (skeleton && *skeleton) {
        UErrorCode status = U_ZERO_ERROR;
        format.reset(icu::DateFormat::createInstanceForSkeleton(icu::UnicodeString::fromUTF8(skeleton), where, status));
        if (U_FAILURE(status)) return nullptr;
    } else {
        if (date_style < -1 || date_style > 3 || time_style < -1 || time_style > 3) return nullptr;
        auto style = [](int s) { return s < 0 ? icu::DateFormat::kNone : (icu::DateFormat::EStyle)s; };
        format.reset(icu::DateFormat::createDateTimeInstance(style(date_style), style(time_style), where));
    }
    if (!format) return nullptr;
    if (time_zone && *time_zone) {
        icu::TimeZone *zone = icu::TimeZone::createTimeZone(icu::UnicodeString::fromUTF8(time_zone));
        if (!zone || *zone == icu::TimeZone::getUnknown()) {
            delete zone;
            return nullptr;
        }
        format->adoptTimeZone(zone);
    }
    icu::UnicodeString text;
    format->format((UDate)epoch_ms, text);
    return copy_out(text, length);
}

extern "C" char *parlance_icu_relative_time(const char *locale, double value, int unit, int style, int numeric_auto,
                                            int32_t *length) {
    static const URelativeDateTimeUnit units[] = {UDAT_REL_UNIT_YEAR, UDAT_REL_UNIT_QUARTER, UDAT_REL_UNIT_MONTH,
                                                  UDAT_REL_UNIT_WEEK, UDAT_REL_UNIT_DAY, UDAT_REL_UNIT_HOUR,
                                                  UDAT_REL_UNIT_MINUTE, UDAT_REL_UNIT_SECOND};
    static const UDateRelativeDateTimeFormatterStyle styles[] = {UDAT_STYLE_LONG, UDAT_STYLE_SHORT, UDAT_STYLE_NARROW};
    if (unit < 0 || unit > 7 || style < 0 || style > 2) return nullptr;
    UErrorCode status = U_ZERO_ERROR;
    icu::RelativeDateTimeFormatter format(icu::Locale(locale), nullptr, styles[style], UDISPCTX_CAPITALIZATION_NONE,
                                          status);
    if (U_FAILURE(status)) return nullptr;
    icu::FormattedRelativeDateTime result = numeric_auto ? format.formatToValue(value, units[unit], status)
                                                         : format.formatNumericToValue(value, units[unit], status);
    if (U_FAILURE(status)) return nullptr;
    icu::UnicodeString text = result.toString(status);
    return U_FAILURE(status) ? nullptr : copy_out(text, length);
}

extern "C" char *parlance_icu_list(const char *locale, int type, int style, const char *const *items, int32_t count,
                                   int32_t *length) {
    static const UListFormatterType types[] = {ULISTFMT_TYPE_AND, ULISTFMT_TYPE_OR, ULISTFMT_TYPE_UNITS};
    static const UListFormatterWidth widths[] = {ULISTFMT_WIDTH_WIDE, ULISTFMT_WIDTH_SHORT, ULISTFMT_WIDTH_NARROW};
    if (type < 0 || type > 2 || style < 0 || style > 2 || count < 0) return nullptr;
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::ListFormatter> format(
        icu::ListFormatter::createInstance(icu::Locale(locale), types[type], widths[style], status));
    if (U_FAILURE(status) || !format) return nullptr;
    std::vector<icu::UnicodeString> texts((size_t)count);
    for (int32_t i = 0; i < count; i++) texts[(size_t)i] = icu::UnicodeString::fromUTF8(items[i] ? items[i] : "");
    icu::UnicodeString joined;
    format->format(texts.data(), count, joined, status);
    return U_FAILURE(status) ? nullptr : copy_out(joined, length);
}

extern "C" char *parlance_icu_message_format(const char *locale, const char *pattern, int32_t pattern_length,
                                             const char *const *names, const parlance_shim_value *values,
                                             int32_t count, int32_t *length, parlance_shim_message_error *error) {
    set_error(error, -1, nullptr);
    /* The cache key, built in a buffer the thread keeps: no allocation once it is large enough. */
    thread_local std::string key;
    key.assign(locale);
    key.push_back('\0');
    key.append(pattern, (size_t)pattern_length);
    icu::MessageFormat *format = checkout(key);
    if (!format) {
        UErrorCode status = U_ZERO_ERROR;
        UParseError parse;
        std::memset(&parse, 0, sizeof parse);
        format = new icu::MessageFormat(from_utf8(pattern, pattern_length), icu::Locale(locale), parse, status);
        if (U_FAILURE(status)) {
            set_error(error, parse.offset, u_errorName(status));
            delete format;
            return nullptr;
        }
    }
    std::vector<icu::UnicodeString> argument_names((size_t)count);
    std::vector<icu::Formattable> arguments((size_t)count);
    for (int32_t i = 0; i < count; i++) {
        argument_names[i] = icu::UnicodeString::fromUTF8(names[i]);
        if (!formattable(values[i], arguments[i])) {
            set_error(error, -1, "U_ILLEGAL_ARGUMENT_ERROR");
            checkin(key, format);
            return nullptr;
        }
    }
    icu::UnicodeString text;
    UErrorCode status = U_ZERO_ERROR;
    format->format(argument_names.data(), arguments.data(), count, text, status);
    checkin(key, format);
    if (U_FAILURE(status)) {
        set_error(error, -1, u_errorName(status));
        return nullptr;
    }
    return copy_out(text, length);
}

extern "C" char *parlance_icu_message_arguments(const char *pattern, int32_t pattern_length, int32_t *length,
                                                parlance_shim_message_error *error) {
    set_error(error, -1, nullptr);
    UErrorCode status = U_ZERO_ERROR;
    UParseError parse;
    std::memset(&parse, 0, sizeof parse);
    icu::MessagePattern message(from_utf8(pattern, pattern_length), &parse, status);
    if (U_FAILURE(status)) {
        set_error(error, parse.offset, u_errorName(status));
        return nullptr;
    }
    /* One line per argument: name TAB kind TAB selectors (comma-separated),
     * kind being plural, selectordinal, select, choice, none, or the
     * simple type's word (number, date, time, spellout...). */
    icu::UnicodeString out;
    int32_t parts = message.countParts();
    for (int32_t i = 0; i < parts; i++) {
        const icu::MessagePattern::Part &part = message.getPart(i);
        if (part.getType() != UMSGPAT_PART_TYPE_ARG_START) continue;
        const icu::MessagePattern::Part &name = message.getPart(i + 1);
        out += message.getSubstring(name);
        out += u'\t';
        UMessagePatternArgType type = part.getArgType();
        int32_t limit = message.getLimitPartIndex(i);
        switch (type) {
        case UMSGPAT_ARG_TYPE_NONE: out += u"none"; break;
        case UMSGPAT_ARG_TYPE_SIMPLE: out += message.getSubstring(message.getPart(i + 2)); break;
        case UMSGPAT_ARG_TYPE_CHOICE: out += u"choice"; break;
        case UMSGPAT_ARG_TYPE_PLURAL: out += u"plural"; break;
        case UMSGPAT_ARG_TYPE_SELECT: out += u"select"; break;
        case UMSGPAT_ARG_TYPE_SELECTORDINAL: out += u"selectordinal"; break;
        }
        out += u'\t';
        bool first = true;
        for (int32_t j = i + 2; j < limit; j++) {
            const icu::MessagePattern::Part &inner = message.getPart(j);
            if (inner.getType() == UMSGPAT_PART_TYPE_MSG_START) {
                j = message.getLimitPartIndex(j);
                continue;
            }
            if (inner.getType() != UMSGPAT_PART_TYPE_ARG_SELECTOR) continue;
            if (!first) out += u',';
            out += message.getSubstring(inner);
            first = false;
        }
        out += u'\n';
    }
    return copy_out(out, length);
}

extern "C" int parlance_icu_is_right_to_left(const char *locale) {
    return uloc_isRightToLeft(locale) ? 1 : 0;
}

extern "C" int parlance_icu_first_strong(const char *text, int32_t length) {
    int32_t i = 0;
    int isolates = 0;
    while (i < length) {
        UChar32 c;
        U8_NEXT(text, i, length, c);
        if (c < 0) continue;
        switch (u_charDirection(c)) {
        case U_LEFT_TO_RIGHT_ISOLATE:
        case U_RIGHT_TO_LEFT_ISOLATE:
        case U_FIRST_STRONG_ISOLATE: isolates++; break;
        case U_POP_DIRECTIONAL_ISOLATE: if (isolates > 0) isolates--; break;
        case U_LEFT_TO_RIGHT: if (isolates == 0) return 1; break;
        case U_RIGHT_TO_LEFT:
        case U_RIGHT_TO_LEFT_ARABIC: if (isolates == 0) return 2; break;
        default: break;
        }
    }
    return 0;
}

