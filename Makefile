# Parlance build. `make demo` builds and runs the demo; `make test` runs every test.
SWIFT      ?= swift
CC         ?= cc
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
SWIFTFLAGS := -c release -Xswiftc -static-stdlib -Xlinker -soname=$(SONAME)

LIB  := $(OUT)/lib/libparlance.so
CLI  := $(OUT)/bin/parlance

.PHONY: all build demo test test-swift test-c test-python bench clean libintl-fixtures soak sanitize fuzz

all: build

# One release build gives libparlance.so (Swift runtime linked in statically,
# so it needs only libc, libstdc++, libm, libgcc_s and ICU) and the CLI.
# What a fresh machine lacks (ICU headers, gettext, locales, pytest): installed once.
build/.deps: scripts/install-deps.sh
	bash scripts/install-deps.sh
	@mkdir -p build && touch $@

build: build/.deps
	$(SWIFT) build $(SWIFTFLAGS)
	@mkdir -p $(OUT)/lib $(OUT)/bin
	cp $(RELEASE)/libparlance.so $(OUT)/lib/libparlance.so.$(VERSION)
	ln -sf libparlance.so.$(VERSION) $(OUT)/lib/$(SONAME)
	ln -sf $(SONAME) $(LIB)
	cp $(RELEASE)/parlance-cli $(CLI)

$(OUT)/demo: Examples/c/demo.c include/parlance.h build
	$(CC) $(CFLAGS) -Iinclude Examples/c/demo.c -L$(OUT)/lib -lparlance -Wl,-rpath,'$$ORIGIN/lib' -o $@

demo: $(OUT)/demo
	$(OUT)/demo Examples/catalog

# Every test, then the sanitizers and a short, repeatable fuzzing box
# (TEST_FUZZ_RUNS executions per target from a fixed seed, about 10 s each).
TEST_FUZZ_RUNS ?= 15000
test: build test-c test-python test-swift sanitize
	$(MAKE) fuzz FUZZ_RUNS=$(TEST_FUZZ_RUNS) FUZZ_SEED=1

test-swift:
	$(SWIFT) test

$(OUT)/test_c_api: Tests/c/test_c_api.c include/parlance.h build
	$(CC) $(CFLAGS) -Iinclude Tests/c/test_c_api.c -L$(OUT)/lib -lparlance -lpthread -Wl,-rpath,'$$ORIGIN/lib' -o $@

test-c: $(OUT)/test_c_api $(OUT)/test_lifetimes $(OUT)/test_libintl $(OUT)/test_system_mo $(OUT)/test_cxx $(OUT)/stress libintl-fixtures soak
	$(CLI) compile -o $(OUT)/examples.parlance Examples/catalog
	$(OUT)/test_c_api Examples/catalog $(OUT)/examples.parlance
	$(OUT)/test_lifetimes Examples/catalog $(OUT)/examples.parlance
	$(OUT)/stress Examples/catalog $(OUT)/examples.parlance $(OUT)/libintl 20000
	$(OUT)/test_libintl $(OUT)/libintl $(OUT)/libintl-po
	$(OUT)/test_system_mo 6 $(OUT)/libintl $(SYSTEM_LOCALEDIR)
	$(OUT)/test_cxx Examples/catalog

# The soak: 10^6 locale switches, 10^6 libintl queries, 10^5 localizers,
# 1,000 reloads under concurrent lookups; fails when VmRSS grows more than
# SOAK_BOUND_MIB over its warmed-up figure.
SOAK_BOUND_MIB ?= 8
$(OUT)/soak: Tests/soak/soak.c include/parlance.h include/parlance_libintl.h build
	$(CC) $(CFLAGS) -Iinclude Tests/soak/soak.c -L$(OUT)/lib -lparlance -lpthread -Wl,-rpath,'$$ORIGIN/lib' -o $@

soak: $(OUT)/soak libintl-fixtures
	$(OUT)/soak Examples/catalog $(OUT)/libintl $(SOAK_BOUND_MIB)

$(OUT)/test_lifetimes: Tests/c/test_lifetimes.c include/parlance.h include/parlance_libintl.h build
	$(CC) $(CFLAGS) -Iinclude Tests/c/test_lifetimes.c -L$(OUT)/lib -lparlance -lpthread -Wl,-rpath,'$$ORIGIN/lib' -o $@

$(OUT)/stress: Tests/stress/stress.c include/parlance.h include/parlance_libintl.h build
	$(CC) $(CFLAGS) -Iinclude Tests/stress/stress.c -L$(OUT)/lib -lparlance -lpthread -Wl,-rpath,'$$ORIGIN/lib' -o $@

# Every .mo of the fixtures and of the system (system-dependent strings
# included, 6 of them in the fixtures) against glibc's libintl.
SYSTEM_LOCALEDIR ?= /usr/share/locale
$(OUT)/test_system_mo: Tests/c/test_system_mo.c include/parlance_libintl.h build
	$(CC) $(CFLAGS) -Iinclude Tests/c/test_system_mo.c -L$(OUT)/lib -lparlance -Wl,-rpath,'$$ORIGIN/lib' -o $@

$(OUT)/test_cxx: Tests/c/test_cxx.cpp include/parlance.h include/parlance_libintl.h build
	$(CXX) -std=c++11 -pedantic -Wall -Wextra -Werror -O2 -Iinclude Tests/c/test_cxx.cpp -L$(OUT)/lib -lparlance -Wl,-rpath,'$$ORIGIN/lib' -o $@

$(OUT)/test_libintl: Tests/c/test_libintl.c Tests/c/libintl_macros.c Tests/c/libintl_macros.h include/parlance_libintl.h build
	$(CC) $(CFLAGS) -Iinclude Tests/c/test_libintl.c Tests/c/libintl_macros.c -L$(OUT)/lib -lparlance -Wl,-rpath,'$$ORIGIN/lib' -o $@

# gettext fixtures compiled with the real msgfmt; a .po-only copy for Parlance's .po support.
LIBINTL_PO := $(wildcard Tests/Fixtures/libintl/*.po)
libintl-fixtures: $(LIBINTL_PO)
	@for po in $(LIBINTL_PO); do \
	    lang=$$(basename $$po .po); \
	    mkdir -p $(OUT)/libintl/$$lang/LC_MESSAGES $(OUT)/libintl-po/$$lang/LC_MESSAGES; \
	    msgfmt -o $(OUT)/libintl/$$lang/LC_MESSAGES/demo.mo $$po || exit 1; \
	    cp $$po $(OUT)/libintl-po/$$lang/LC_MESSAGES/demo.po; \
	done

test-python: build
	PARLANCE_LIBRARY=$(CURDIR)/$(LIB) PARLANCE_CLI=$(CURDIR)/$(CLI) $(PYTHON) -m pytest -q bindings/python/tests Tests/python

# AddressSanitizer + LeakSanitizer, ThreadSanitizer, valgrind memcheck.
sanitize: build libintl-fixtures
	$(CLI) compile -o $(OUT)/examples.parlance Examples/catalog
	bash scripts/sanitize.sh

# libFuzzer on every loader, Plural-Forms, the format engine, locale names
# and {key.path} references: FUZZ_SECONDS per target (default 60).
fuzz: build
	bash scripts/fuzz.sh

bench: build
	$(MAKE) -C bench

clean:
	rm -rf $(OUT) .build
