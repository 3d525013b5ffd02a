#ifndef STAYFIT_CESPEAKNG_SHIM_H
#define STAYFIT_CESPEAKNG_SHIM_H

#include <espeak-ng/speak_lib.h>

// Headers only: libespeak-ng is not linked but loaded with dlopen when the voice coach first speaks. Linked, it
// would map about thirty libraries (PulseAudio, ALSA, X11, codecs through libpcaudio and libsndfile) into every
// hub, audio on or off.

// speak_lib.h spells these as macros Swift may import under other types; these carry the same values under
// importable names with the types the wrapper uses.

/// espeak_Initialize's option: return an error instead of exiting the process when the data is missing.
static const int CESPEAKNG_INITIALIZE_DONT_EXIT = espeakINITIALIZE_DONT_EXIT;
static const unsigned int CESPEAKNG_CHARS_UTF8 = espeakCHARS_UTF8;
static const unsigned int CESPEAKNG_ENDPAUSE = espeakENDPAUSE;

// The types of the functions the wrapper looks up with dlsym, as speak_lib.h declares them.
typedef int (*cespeakng_initialize_fn)(espeak_AUDIO_OUTPUT output, int buflength, const char *path, int options);
typedef void (*cespeakng_set_synth_callback_fn)(t_espeak_callback *callback);
typedef const char *(*cespeakng_info_fn)(const char **path_data);
typedef const espeak_VOICE **(*cespeakng_list_voices_fn)(espeak_VOICE *voice_spec);
typedef espeak_ERROR (*cespeakng_set_voice_by_name_fn)(const char *name);
typedef espeak_ERROR (*cespeakng_set_parameter_fn)(espeak_PARAMETER parameter, int value, int relative);
typedef espeak_ERROR (*cespeakng_synth_fn)(const void *text, size_t size, unsigned int position,
                                           espeak_POSITION_TYPE position_type, unsigned int end_position,
                                           unsigned int flags, unsigned int *unique_identifier, void *user_data);

#endif
