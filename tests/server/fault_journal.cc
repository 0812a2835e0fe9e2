#include "tests/server/fault_journal.h"

#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>
#include <vector>

namespace nyan::test {

namespace {

using Clock = std::chrono::steady_clock;

struct Rule {
  bool fail = false;
  std::string kind, type;  // type: an action record's action type, or empty for any
  int delay_ms = 0;
  int left = 1;
};

bool holds(const std::vector<std::string>& texts, const Rule& rule) {
  for (const std::string& text : texts) {
    const Json r = Json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (!r.is_object()) continue;
    if (r.value("kind", "") != rule.kind) continue;
    if (rule.type.empty()) return true;
    if (r.contains("action") && r["action"].is_object() && r["action"].value("type", "") == rule.type) return true;
  }
  return false;
}

class FaultJournal : public server::Journal {
 public:
  explicit FaultJournal(std::unique_ptr<server::Journal> inner) : inner_(std::move(inner)) {
    if (const char* p = std::getenv("NYANHALL_FAULT_PLAN")) plan_path_ = p;
    late_ = std::thread([this] { write_late(); });
  }
  ~FaultJournal() override {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stop_ = true;
    }
    cv_.notify_all();
    late_.join();
  }

  std::string describe() const override { return inner_->describe() + " (with test faults)"; }
  bool healthy() const override { return inner_->healthy(); }
  bool keeps_records() const override { return inner_->keeps_records(); }
  void load(const std::function<void(server::StoredRoom&&)>& each) override { inner_->load(each); }
  void forget(const std::string& code) override { inner_->forget(code); }
  void mark_broken(const std::string& code) override { inner_->mark_broken(code); }
  void flush() override {
    std::unique_lock<std::mutex> lock(mu_);
    idle_.wait(lock, [this] { return waiting_.empty(); });
    lock.unlock();
    inner_->flush();
  }

  void append(const std::string& code, std::vector<std::string> records, Done done) override {
    std::unique_lock<std::mutex> lock(mu_);
    read_plan();
    bool fail = false;
    int delay_ms = 0;
    for (Rule& rule : rules_) {
      if (rule.left <= 0 || !holds(records, rule)) continue;
      --rule.left;
      if (rule.fail) fail = true;
      delay_ms = std::max(delay_ms, rule.delay_ms);
    }
    if (delay_ms == 0 && waiting_.empty()) {
      lock.unlock();
      if (fail) return done(false);
      return inner_->append(code, std::move(records), std::move(done));
    }
    // Behind anything already held back, so one room's writes keep their order.
    waiting_.push_back(Late{Clock::now() + std::chrono::milliseconds(delay_ms), fail, code, std::move(records),
                            std::move(done)});
    cv_.notify_all();
  }

 private:
  struct Late {
    Clock::time_point due;
    bool fail;
    std::string code;
    std::vector<std::string> records;
    Done done;
  };

  // Called with mu_ held.
  void read_plan() {
    if (plan_path_.empty()) return;
    std::ifstream in(plan_path_);
    std::stringstream text;
    text << in.rdbuf();
    if (text.str() == plan_text_) return;
    plan_text_ = text.str();
    rules_.clear();
    std::istringstream lines(plan_text_);
    for (std::string line; std::getline(lines, line);) {
      std::istringstream words(line);
      std::string verb, what;
      if (!(words >> verb >> what) || verb[0] == '#') continue;
      Rule rule;
      rule.fail = verb == "fail";
      if (verb == "delay" && !(words >> rule.delay_ms)) continue;
      if (verb != "fail" && verb != "delay") continue;
      if (!(words >> rule.left)) rule.left = 1;
      const auto colon = what.find(':');
      rule.kind = what.substr(0, colon);
      if (colon != std::string::npos) rule.type = what.substr(colon + 1);
      rules_.push_back(rule);
    }
  }

  void write_late() {
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
      cv_.wait(lock, [this] { return stop_ || !waiting_.empty(); });
      if (waiting_.empty()) return;
      const Clock::time_point due = waiting_.front().due;
      if (cv_.wait_until(lock, due, [this] { return stop_; })) {
        // Stopping: what is held back is written at once, as a crash-free stop would.
        waiting_.front().due = Clock::now();
      }
      Late item = std::move(waiting_.front());
      waiting_.pop_front();
      lock.unlock();
      if (item.fail) item.done(false);
      else inner_->append(item.code, std::move(item.records), std::move(item.done));
      lock.lock();
      idle_.notify_all();
    }
  }

  std::unique_ptr<server::Journal> inner_;
  std::string plan_path_, plan_text_;
  std::vector<Rule> rules_;
  std::mutex mu_;
  std::condition_variable cv_, idle_;
  std::deque<Late> waiting_;
  bool stop_ = false;
  std::thread late_;
};

}  // namespace

std::unique_ptr<server::Journal> make_fault_journal(std::unique_ptr<server::Journal> inner) {
  return std::make_unique<FaultJournal>(std::move(inner));
}

}  // namespace nyan::test
