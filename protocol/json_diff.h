// RFC 6902 patches between two views: what the server sends after each action instead of the
// whole view. Any correct patch would do for clients (they apply it and check the view hash);
// this one is built to be cheap to compute and small on the wire for the way views change.
#pragma once

#include <string>
#include <string_view>

namespace nyan {

// A JSON Patch (an array of add / remove / replace operations), as compact JSON text, that
// turns `from` into `to`. Both must be canonical JSON text (canonical.h): the server keeps
// the last view it sent each seat as that text, because it needs the text for the view hash
// anyway and it is a tenth of the memory of a parsed tree; the diff reads the text directly.
// Objects are compared key by key; arrays element by element, except that a list which lost
// elements at its front and gained them at its back (a log of recent events) becomes removes
// at the front and adds at the back rather than a replace of every element. Values are equal
// exactly when their canonical texts are.
std::string json_diff(std::string_view from, std::string_view to);

}  // namespace nyan
