// RFC 6902 patches between two views: what the server sends after each action instead of the
// whole view. Any correct patch would do for clients (they apply it and check the view hash);
// this one is built to be cheap to compute and small on the wire for the way views change.
#pragma once

#include "rules/core/types.h"

namespace nyan {

// A JSON Patch (an array of add / remove / replace operations) that turns `from` into `to`.
// Objects are compared key by key; arrays element by element, except that a list which lost
// elements at its front and gained them at its back (a log of recent events) becomes removes
// at the front and adds at the back rather than a replace of every element.
Json json_diff(const Json& from, const Json& to);

}  // namespace nyan
