import Parlance

/// Where a catalog directory is and what the tools were told about it: the
/// root, the development locale (Android keeps it in the unqualified
/// `values` folder) and the version of new XLIFF documents.
///
/// A place also keeps what formats read of its folder to list it
/// (`listing`): each `FolderListing` is read the first time it is asked
/// for and kept for as long as the place (and its copies) live, so that a
/// format answering `locales`, `tables` for each language, `templates` and
/// `holds` reads the folder once, not once per language. A place is made
/// for one reading or one writing of a folder (a `CatalogSnapshot`, a
/// merge, a pseudo table's destination); what it lists is what the folder
/// held when first asked.
package struct CatalogPlace: Sendable {
    package let root: String
    package let development: String
    package let xliffVersion: XLIFFVersion
    private let listings = Listings()

    package init(root: String, development: String = Localizer.defaultDevelopment, xliffVersion: XLIFFVersion = .v12) {
        self.root = root
        self.development = development
        self.xliffVersion = xliffVersion
    }

    package func join(_ parts: String...) -> String { parts.reduce(root, FileSystem.join) }

    /// The place's listing of type `Listing`: read from the folder the
    /// first time, then the same one kept.
    package func listing<Listing: FolderListing>(_ type: Listing.Type = Listing.self) -> Listing {
        listings.listing(of: self)
    }

    /// The listings of a place, by type. The place is a value copied
    /// around (a `CatalogLayout`, each format's calls); its copies share
    /// this one reference.
    private final class Listings: Sendable {
        private let kept = Locked<[ObjectIdentifier: any Sendable]>([:])

        func listing<Listing: FolderListing>(of place: CatalogPlace) -> Listing {
            let key = ObjectIdentifier(Listing.self)
            if let listing = kept.withLock({ $0[key] }) as? Listing { return listing }
            // Read outside the lock: a listing may ask for another of the same place.
            let listing = Listing(place)
            return kept.withLock { kept in
                if let first = kept[key] as? Listing { return first }
                kept[key] = listing
                return listing
            }
        }
    }
}

/// What a format reads of a catalog directory to list its tables (the Qt
/// format's `.ts` files, each opened for its first bytes; Java's bundles),
/// read once per `CatalogPlace` through `CatalogPlace.listing`.
package protocol FolderListing: Sendable {
    /// The listing of the place's folder, read from the file system.
    init(_ place: CatalogPlace)
}
