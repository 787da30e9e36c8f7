// The two ends of a live table, without the network: the DM's phone (Host: the one writer) and a player's (Guest).
// Both turn received texts into what to send back; the screens move the texts over platform/live.hpp's
// connections and dispatch accepted requests as ordinary commands. Native tests drive them directly.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/campaign/engine.hpp"
#include "core/campaign/state.hpp"
#include "core/error.hpp"
#include "core/live/view.hpp"

namespace druzina::live {

struct Outgoing {
  int peer = 0;
  std::string text;
};

// A request waiting for the DM (or accepted automatically: `automatic`, the screen dispatches it at once).
struct Pending {
  int peer = 0;
  long long id = 0;            // the player's number for it
  nlohmann::json request;      // the "req" message
  nlohmann::json command;      // what it becomes (requests.hpp)
  bool automatic = false;
};

class Host {
 public:
  struct Player {
    int peer = 0;
    std::string who;   // her character's id ("" before she chose)
    std::string name;  // what the lists show
    std::optional<nlohmann::json> last;  // the last view sent
    long long seq = 0;
  };

  std::set<std::string> auto_accept;  // request kinds accepted without asking (Settings)
  std::string table_id;               // the campaign's share id, sent with each whole view ("" = not sent)

  void add_peer(int peer);
  void remove_peer(int peer);
  // A received text: the replies ("res", a whole view after a "hello" or a "resync"). A hostile text is answered
  // with nothing and counted (refused()).
  std::vector<Outgoing> receive(int peer, std::string_view text, const campaign::Campaign& state, long long now_ms);
  // What to send after the state changed: an update to each player whose view differs from her last.
  std::vector<Outgoing> update(const campaign::Campaign& state, long long now_ms);
  // The DM's answer to queue()[index]: accepted (the screen dispatched its command), or declined / refused with
  // the error the command met. Removes it from the queue; the reply to send.
  Outgoing resolve(size_t index, bool accepted, const UserError* why = nullptr);
  // Ends the table: "bye" to everyone.
  std::vector<Outgoing> bye() const;

  const std::vector<Pending>& queue() const { return queue_; }
  const std::vector<Player>& players() const { return players_; }
  int refused() const { return refused_; }  // hostile or malformed texts received

 private:
  Player* find(int peer);
  Outgoing view_for(Player& p, const nlohmann::json& view, long long now_ms);
  std::vector<std::string> names() const;
  std::vector<Player> players_;
  std::vector<Pending> queue_;
  long long seq_ = 0;
  int refused_ = 0;
};

// A player's phone: her copy of the view and her requests.
class Guest {
 public:
  Follower follower;
  std::string who;           // her character
  long long last_update = 0; // her clock when the last view arrived (0: none yet)
  bool ended = false;        // the DM said "bye"
  struct Answer {
    long long id = 0;
    std::string kind, status;  // status: "sent" | "queued" | "accepted" | "declined" | "refused"
    nlohmann::json why;        // refused: {key, args}
    nlohmann::json args;       // what she asked ({level, pact?} of a spell slot …)
  };
  std::vector<Answer> answers;  // her requests, newest last

  std::string hello(const std::string& character, const std::string& name);
  std::string request(const std::string& kind, const nlohmann::json& args);
  // A received text: what to send back ("resync" when an update did not fit her copy), if anything. A hostile
  // text changes nothing (UserError is caught; bad() counts them).
  std::optional<std::string> receive(std::string_view text, long long now_ms);
  int bad() const { return bad_; }

 private:
  long long next_id_ = 1;
  int bad_ = 0;
};

}  // namespace druzina::live
