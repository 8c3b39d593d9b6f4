/// A catalog held by a handle of the C API or a binding.
extension Catalog {
    /// Gives up the reference a handle held (`Unmanaged.passRetained`) and
    /// reclaims, now, what the catalog published and no read section holds
    /// any more (its states, tables and chains), so that a host freeing
    /// catalogs does not keep their memory until its next lookup: the
    /// reclamation policy of a freed catalog, in one place.
    package static func releaseHandle(_ handle: UnsafeRawPointer) {
        Unmanaged<Catalog>.fromOpaque(handle).release()
        ReadSection.collect()
    }
}
