// One test case per registered game, so that ctest runs a suite's games side by side and a
// new game gets its cases from the registry, without a line in the suite:
//
//   NYAN_GAME_CASES("leak: ", "[leak]", check_leaks);
//
// makes the test case "leak: <id>" calling check_leaks(id) for every game in the registry.
// The cases are made when the test program starts (register_game_cases, called by main before
// Catch2's session): the registry is filled by register_all_games(), never by a static
// initialiser, so it cannot be read while the test cases' own initialisers run.
#pragma once

#include <cstddef>
#include <string>

namespace nyan::test {

using GameCheck = void (*)(const std::string& game_id);

struct GameCases {
  GameCases(const char* prefix, const char* tags, GameCheck check, const char* file, std::size_t line);
};

// Registers every NYAN_GAME_CASES of the program with Catch2, for every registered game.
void register_game_cases();

}  // namespace nyan::test

#define NYAN_GAME_CASES_NAME2(n) nyan_game_cases_##n
#define NYAN_GAME_CASES_NAME(n) NYAN_GAME_CASES_NAME2(n)
#define NYAN_GAME_CASES(prefix, tags, check)                                                        \
  static const ::nyan::test::GameCases NYAN_GAME_CASES_NAME(__COUNTER__)(prefix, tags, check, __FILE__, \
                                                                           __LINE__)
