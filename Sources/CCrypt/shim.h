// libxcrypt, the library /etc/shadow's hashes are made and checked with (Debian's libcrypt-dev). Swift imports
// crypt_r, crypt_gensalt_rn and struct crypt_data as they are: nothing here needs a wrapper.
#include <crypt.h>
