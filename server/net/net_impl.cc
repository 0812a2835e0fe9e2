// Boost.Asio (with its TLS streams) and Boost.Beast compiled once for the whole project (separate compilation):
// every other file includes their headers without the implementation.
#include <boost/asio/impl/src.hpp>
#include <boost/asio/ssl/impl/src.hpp>
#include <boost/beast/src.hpp>
