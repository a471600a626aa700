#include <png.h>
/* PNG_FORMAT_RGBA is a composite macro Swift cannot import. */
static const unsigned int WF_PNG_FORMAT_RGBA = PNG_FORMAT_RGBA;
