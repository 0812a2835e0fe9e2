// nyanhall: the game server.
#include "server/server_main.h"

int main(int argc, char** argv) { return nyan::server::server_main(argc, argv); }
