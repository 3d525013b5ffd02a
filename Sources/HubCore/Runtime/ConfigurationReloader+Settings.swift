import Logging

extension ConfigurationReloader {
    /// Answers a front end's settings request; returns the snapshot the hub runs on afterwards.
    ///
    /// A change goes: the file read again, refused if it is not the version the page showed (edited meanwhile); the
    /// keys set in its text, comments kept (`TOMLKeyEdit`); the new text checked whole and every plugin built from
    /// it, as a reload does; only then saved (`SafeFileWriter`: the old file or the new one, never half of either),
    /// and the plugins whose table changed restarted. Any refusal changes nothing, in the file or the hub.
    func answer(_ action: SettingsAction, current: ConfigurationSnapshot) -> (SettingsAnswer, ConfigurationSnapshot) {
        do {
            switch action {
            case .read(let plugin):
                let (path, text) = try readFile(for: plugin)
                return (.success(try settings(of: plugin, in: try parse(text), path: path, text: text)), current)
            case .change(let plugin, let values, let version):
                let (path, text) = try readFile(for: plugin)
                guard Self.version(of: text) == version else {
                    throw SettingsRefusal(
                        "\(path) changed since this page was read (edited by hand, or from another page); "
                            + "here it is as it is now: make the change again.")
                }
                var edit = TOMLKeyEdit(text: text)
                for (key, value) in values.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
                    do {
                        edit = try edit.setting(key, to: value, in: ["plugins", plugin.rawValue])
                    } catch {
                        throw SettingsRefusal("\(error).")
                    }
                }
                let configuration = try parse(edit.text)
                guard edit.text != text else {
                    return (.success(try settings(of: plugin, in: configuration, path: path, text: text)), current)
                }
                let prepared: Prepared
                do {
                    prepared = try prepare(configuration)
                } catch {
                    throw SettingsRefusal("Not saved: \(error)")
                }
                try save(edit.text, to: path)
                logger.notice(
                    "settings changed from a front end", metadata: ["plugin": "\(plugin)", "file": "\(path)"])
                let next = apply(prepared, from: current)
                return (.success(try settings(of: plugin, in: configuration, path: path, text: edit.text)), next)
            }
        } catch let refusal as SettingsRefusal {
            return (.failure(refusal), current)
        } catch {
            return (.failure(SettingsRefusal("\(error)")), current)
        }
    }

    /// Names a version of the file's text: FNV-1a of its bytes, with its length (a check for a change, not a seal).
    static func version(of text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return "\(text.utf8.count)-" + String(hash, radix: 16)
    }

    private func readFile(for plugin: PluginID) throws -> (path: String, text: String) {
        guard !registry.settings(of: plugin).isEmpty else {
            throw SettingsRefusal("The hub has no plugin \"\(plugin)\" with settings to change here.")
        }
        guard let path = file.path else {
            throw SettingsRefusal(
                "The hub runs on its built-in settings, not on a configuration file, so there is nowhere to keep a "
                    + "change. Start it with a file (stayfit run --config FILE; scripts/install writes "
                    + "/etc/stayfit/stayfit.toml).")
        }
        do {
            return (path, try TextFile.read(path, limit: HubConfiguration.largestFile))
        } catch {
            throw SettingsRefusal("The configuration file \(error).")
        }
    }

    private func parse(_ text: String) throws -> HubConfiguration {
        do {
            return try file.parse(text)
        } catch {
            throw SettingsRefusal("Not saved: \(error)")
        }
    }

    private func settings(of plugin: PluginID, in configuration: HubConfiguration, path: String, text: String) throws
        -> PluginSettings
    {
        let fields = registry.settings(of: plugin)
        var values: [[String]: ConfigValue] = [:]
        let table = configuration.pluginTables[plugin]?.values ?? [:]
        for field in fields {
            var value: ConfigValue? = .table(table)
            for part in field.key {
                guard case .table(let inner) = value else {
                    value = nil
                    break
                }
                value = inner[part]
            }
            if let value { values[field.key] = value }
        }
        return PluginSettings(
            plugin: plugin, fields: fields, values: values,
            isEnabled: try registry.enabledTables(in: configuration)[plugin] != nil, file: path,
            version: Self.version(of: text))
    }

    private func save(_ text: String, to path: String) throws {
        do throws(FileWriteError) {
            let writer = try SafeFileWriter(path: path, ifExists: .replace, allowsStandardOutput: false)
            try writer.write(Array(text.utf8))
            try writer.commit()
        } catch let error where error.isUnwritableFolder {
            throw SettingsRefusal(
                "Not saved: \(error). The hub's user must be able to write that folder (scripts/install gives "
                    + "/etc/stayfit to the group hub). Nothing was changed.")
        } catch {
            // An immutable file, a read-only file system, a full disk: the error says which.
            throw SettingsRefusal("Not saved: \(error).")
        }
    }
}
