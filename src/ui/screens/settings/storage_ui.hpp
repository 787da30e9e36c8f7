// Storage in the UI: the lasting strip under the top bar (not saved / open in another tab / read-only), and the
// Settings sections for the campaign list with export and import (campaigns.cpp) and Recovery (recovery.cpp).
#pragma once
#include <string>

namespace druzina::ui {

// Draws the strip at the cursor when something about storage needs the user's eye; nothing otherwise.
void draw_storage_bar();

void show_campaign_settings();  // the top bar's campaign name tapped: Settings, scrolled to the campaign's name
void draw_campaigns();  // Settings → Campaigns: the list, storage status, export and import
void draw_recovery();   // Settings → Recovery: damaged values, backups, replaced and deleted campaigns

// Shared by the sections: a file name for a campaign's export, a download of the current campaign.
std::string export_file_name(const std::string& campaign_name);
bool export_current_campaign();
std::string size_text(long long bytes);
void ruled_section(const char* title);  // a line across, then a heading (settings.cpp)

}  // namespace druzina::ui
