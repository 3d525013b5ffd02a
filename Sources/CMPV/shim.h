// libmpv's types and constants only. There is deliberately no `link "mpv"`: linking libmpv maps it and ffmpeg
// (about 44 MB resident) into every hub, audio or not. The MPV module opens libmpv.so.2 with dlopen when a plugin
// that plays starts, and calls it through function pointers of the types declared here.
#include <mpv/client.h>
#include <dlfcn.h>
