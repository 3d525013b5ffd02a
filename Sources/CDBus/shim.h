#ifndef STAYFIT_CDBUS_SHIM_H
#define STAYFIT_CDBUS_SHIM_H
#include <dbus/dbus.h>
#endif
