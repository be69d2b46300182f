extension AGDump {
    /// The package's version, which `agdump --version` prints (semantic versioning: raise it with
    /// each release of the package).
    package static let version = "0.9.0"
}
