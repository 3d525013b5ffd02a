#ifndef STAYFIT_CESPEAKNG_SHIM_H
#define STAYFIT_CESPEAKNG_SHIM_H

#include <espeak-ng/speak_lib.h>

// speak_lib.h spells these as macros Swift may import under other types; these carry the same values under
// importable names with the types the wrapper uses.

/// espeak_Initialize's option: return an error instead of exiting the process when the data is missing.
static const int CESPEAKNG_INITIALIZE_DONT_EXIT = espeakINITIALIZE_DONT_EXIT;
static const unsigned int CESPEAKNG_CHARS_UTF8 = espeakCHARS_UTF8;
static const unsigned int CESPEAKNG_ENDPAUSE = espeakENDPAUSE;

#endif
