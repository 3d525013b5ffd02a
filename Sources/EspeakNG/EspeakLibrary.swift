import CEspeakNG
import Foundation
import SharedLibrary

/// The eSpeak NG functions the wrapper calls, looked up in `libespeak-ng.so.1` loaded with `dlopen`.
///
/// Loaded only when the engine starts, so that a hub without the voice coach maps none of the library's
/// dependencies (PulseAudio, ALSA, X11 and codecs come with it). Used on the engine's thread only.
struct EspeakLibrary {
    static let fileName = "libespeak-ng.so.1"

    let initialize: cespeakng_initialize_fn
    let setSynthCallback: cespeakng_set_synth_callback_fn
    let info: cespeakng_info_fn
    let listVoices: cespeakng_list_voices_fn
    let setVoiceByName: cespeakng_set_voice_by_name_fn
    let setParameter: cespeakng_set_parameter_fn
    let synth: cespeakng_synth_fn

    /// Loads the library (it stays loaded for the life of the process, as the engine does).
    static func load() throws(EspeakError) -> EspeakLibrary {
        let library: SharedLibrary
        do { library = try SharedLibrary.open(fileName) } catch { throw .libraryMissing(error.reason) }
        func symbol<T>(_ name: String, as type: T.Type) throws(EspeakError) -> T {
            do { return try library.function(name, as: type) } catch { throw .libraryMissing(error.reason) }
        }
        return EspeakLibrary(
            initialize: try symbol("espeak_Initialize", as: cespeakng_initialize_fn.self),
            setSynthCallback: try symbol("espeak_SetSynthCallback", as: cespeakng_set_synth_callback_fn.self),
            info: try symbol("espeak_Info", as: cespeakng_info_fn.self),
            listVoices: try symbol("espeak_ListVoices", as: cespeakng_list_voices_fn.self),
            setVoiceByName: try symbol("espeak_SetVoiceByName", as: cespeakng_set_voice_by_name_fn.self),
            setParameter: try symbol("espeak_SetParameter", as: cespeakng_set_parameter_fn.self),
            synth: try symbol("espeak_Synth", as: cespeakng_synth_fn.self))
    }
}
